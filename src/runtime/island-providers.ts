// Loads what every island renders inside: the messages of the document's language (the base
// part, or all of them for an island outside the shop's pages: i18n/messages.ts) and the
// providers around them, which also hand the running services to the islands' hooks.
// Cached per language and message set, since navigation may change the language; a failed
// load is not cached.
import type { Providers } from "../renderer/mount";
import { languageOfLocale } from "../shared/languages";
import type { ProvidedServices } from "./hooks/services-context";
import { loadIntlMessages, type MessageSet } from "./i18n/messages";

/**
 * `services`: the running services (none where boot runs without them), read when the first
 * island loads its providers, so the renderer can exist before the services start.
 */
export function createProvidersLoader(
  doc: Document,
  services: () => ProvidedServices | null | undefined = () => undefined,
): (set?: MessageSet) => Promise<Providers> {
  const cache = new Map<string, Promise<Providers>>();
  return (set = "base") => {
    const language = languageOfLocale(doc.documentElement.lang || "en");
    const key = `${language.locale} ${set}`;
    let providers = cache.get(key);
    if (!providers) {
      providers = (async () => {
        const [messages, { providersFor }] = await Promise.all([
          loadIntlMessages(language.messages, set),
          import("./i18n/IslandProviders"),
        ]);
        return providersFor({ locale: language.locale, messages }, services());
      })();
      cache.set(key, providers);
      // A failed load (offline) is not kept: the next island tries again.
      const loading = providers;
      loading.catch(() => cache.get(key) === loading && cache.delete(key));
    }
    return providers;
  };
}
