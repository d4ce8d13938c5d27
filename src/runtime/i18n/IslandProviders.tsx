// The context every island renders in, on the server and in the browser alike, so that
// hydration sees the same tree: the running services (none on the server), the messages
// and the router.
import type { ReactNode } from "react";
import { createIntl, type IntlShape, RawIntlProvider } from "react-intl";
import type { RouterConfig } from "../../../generated/types";
import { type ProvidedServices, ServicesProvider } from "../hooks/services-context";
import { IslandRouter } from "../router/IslandRouter";
import { withMessageCache } from "./message-cache";
import type { IntlMessages } from "./messages";

export interface IslandContext {
  locale: string;
  messages: IntlMessages;
  /** Server rendering: the page's path and query, which islands' route hooks read. */
  path?: string;
  /** Server rendering: the store's router config, for route names. */
  router?: RouterConfig;
}

export interface IslandProvidersProps {
  context: IslandContext;
  /** The running services; none on the server, where the hooks render the signed-out, empty state. */
  services?: ProvidedServices | null;
  children?: ReactNode;
}

/**
 * One formatter set per messages object and locale, shared by every island that renders with
 * them, on the server and in the browser: an IntlProvider of each island's own would build its
 * Intl formatters and message formats again for every island, page and Back. The messages of a
 * language are loaded once on both sides, so a WeakMap keyed by them holds one set per language.
 */
const formatters = new WeakMap<IntlMessages, Map<string, IntlShape>>();

function intlFor(locale: string, messages: IntlMessages): IntlShape {
  let byLocale = formatters.get(messages);
  if (!byLocale) {
    byLocale = new Map();
    formatters.set(messages, byLocale);
  }
  let intl = byLocale.get(locale);
  if (!intl) {
    intl = withMessageCache(createIntl({ locale, messages, defaultLocale: "en" }));
    byLocale.set(locale, intl);
  }
  return intl;
}

export function IslandProviders({ context, services, children }: IslandProvidersProps) {
  return (
    <ServicesProvider services={services}>
      <RawIntlProvider value={intlFor(context.locale, context.messages)}>
        <IslandRouter path={context.path} config={context.router}>
          {children}
        </IslandRouter>
      </RawIntlProvider>
    </ServicesProvider>
  );
}

/** A providers component bound to one context and the running services, for the browser's renderer. */
export function providersFor(context: IslandContext, services?: ProvidedServices | null) {
  // biome-ignore lint/correctness/noComponentHookFactories: called outside React, once per language (createProvidersLoader caches the result), so every island of that language gets the same component for its whole life; the renderer's Providers slot takes a component with children only.
  return function Providers({ children }: { children?: ReactNode }) {
    return (
      <IslandProviders context={context} services={services}>
        {children}
      </IslandProviders>
    );
  };
}
