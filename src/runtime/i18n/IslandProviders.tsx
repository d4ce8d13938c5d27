// The context every island renders in, on the server and in the browser alike, so that
// hydration sees the same tree.
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import type { RouterConfig } from "../../../generated/types";
import { IslandRouter } from "../router/IslandRouter";
import type { Messages } from "../../shared/messages";

export interface IslandContext {
  locale: string;
  messages: Messages;
  /** Server rendering: the page's path and query, which islands' route hooks read. */
  path?: string;
  /** Server rendering: the store's router config, for route names. */
  router?: RouterConfig;
}

export function IslandProviders({ context, children }: { context: IslandContext; children?: ReactNode }) {
  return (
    <IntlProvider locale={context.locale} messages={context.messages} defaultLocale="en">
      <IslandRouter path={context.path} config={context.router}>
        {children}
      </IslandRouter>
    </IntlProvider>
  );
}

/** A providers component bound to one context, for the browser's renderer. */
export function providersFor(context: IslandContext) {
  return function Providers({ children }: { children?: ReactNode }) {
    return <IslandProviders context={context}>{children}</IslandProviders>;
  };
}
