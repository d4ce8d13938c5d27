// Loads what every island renders inside: the messages of the document's language and
// the providers around them, which also hand the running services to the islands' hooks.
// Cached per language, since navigation may change it; a failed load is not cached.
import type { Providers } from "../renderer/mount";
import { languageOfLocale } from "../shared/languages";
import type { ProvidedServices } from "./hooks/services-context";
import { loadIntlMessages } from "./i18n/messages";

/**
 * `services`: the running services (none where boot runs without them), read when the first
 * island loads its providers, so the renderer can exist before the services start.
 */
export function createProvidersLoader(
  doc: Document,
  services: () => ProvidedServices | null | undefined = () => undefined,
): () => Promise<Providers> {
  const cache = new Map<string, Promise<Providers>>();
  return () => {
    const language = languageOfLocale(doc.documentElement.lang || "en");
    let providers = cache.get(language.locale);
    if (!providers) {
      providers = (async () => {
        const [messages, { providersFor }] = await Promise.all([
          loadIntlMessages(language.messages),
          import("./i18n/IslandProviders"),
        ]);
        return providersFor({ locale: language.locale, messages }, services());
      })();
      cache.set(language.locale, providers);
      // A failed load (offline) is not kept: the next island tries again.
      const loading = providers;
      loading.catch(() => cache.get(language.locale) === loading && cache.delete(language.locale));
    }
    return providers;
  };
}
