// The context every island renders in, on the server and in the browser alike, so that
// hydration sees the same tree.
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import type { Messages } from "./messages";

export interface IslandContext {
  locale: string;
  messages: Messages;
}

export function IslandProviders({ context, children }: { context: IslandContext; children?: ReactNode }) {
  return (
    <IntlProvider locale={context.locale} messages={context.messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
