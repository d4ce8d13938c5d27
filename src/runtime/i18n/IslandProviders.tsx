// The context every island renders in, on the server and in the browser alike, so that
// hydration sees the same tree: the running services (none on the server), the messages
// and the router.
import type { ReactNode } from "react";
import { createIntl, IntlProvider, type IntlShape, RawIntlProvider } from "react-intl";
import type { RouterConfig } from "../../../generated/types";
import { type ProvidedServices, ServicesProvider } from "../hooks/services-context";
import { IslandRouter } from "../router/IslandRouter";
import type { IntlMessages } from "./messages";

export interface IslandContext {
  locale: string;
  messages: IntlMessages;
  /** Server rendering: the page's path and query, which islands' route hooks read. */
  path?: string;
  /** Server rendering: the store's router config, for route names. */
  router?: RouterConfig;
  /**
   * Server rendering: one formatter set for this locale and messages, made once and shared by
   * every island (an IntlProvider of its own parses its messages again for each island).
   */
  intl?: IntlShape;
}

export interface IslandProvidersProps {
  context: IslandContext;
  /** The running services; none on the server, where the hooks render the signed-out, empty state. */
  services?: ProvidedServices | null;
  children?: ReactNode;
}

export function IslandProviders({ context, services, children }: IslandProvidersProps) {
  const routed = (
    <IslandRouter path={context.path} config={context.router}>
      {children}
    </IslandRouter>
  );
  return (
    <ServicesProvider services={services}>
      {context.intl ? (
        <RawIntlProvider value={context.intl}>{routed}</RawIntlProvider>
      ) : (
        <IntlProvider locale={context.locale} messages={context.messages} defaultLocale="en">
          {routed}
        </IntlProvider>
      )}
    </ServicesProvider>
  );
}

/** A providers component bound to one context and the running services, for the browser's renderer. */
export function providersFor(context: IslandContext, services?: ProvidedServices | null) {
  // Every island of the language formats with one formatter set: an IntlProvider of its own
  // would build its Intl formatters and message formats again for each island it mounts, on
  // every page and on every Back.
  const shared: IslandContext = context.intl
    ? context
    : { ...context, intl: createIntl({ locale: context.locale, messages: context.messages, defaultLocale: "en" }) };
  // biome-ignore lint/correctness/noComponentHookFactories: called outside React, once per language (createProvidersLoader caches the result), so every island of that language gets the same component for its whole life; the renderer's Providers slot takes a component with children only.
  return function Providers({ children }: { children?: ReactNode }) {
    return (
      <IslandProviders context={shared} services={services}>
        {children}
      </IslandProviders>
    );
  };
}
