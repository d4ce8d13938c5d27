// Loads what every island renders inside: the messages of the document's language and
// the providers around them. Cached per language, since navigation may change it.
import type { Providers } from "../renderer/mount";
import { languageOfLocale } from "../shared/languages";
import { loadMessages } from "../shared/messages";

export function createProvidersLoader(doc: Document): () => Promise<Providers> {
  const cache = new Map<string, Promise<Providers>>();
  return () => {
    const language = languageOfLocale(doc.documentElement.lang || "en");
    let providers = cache.get(language.locale);
    if (!providers) {
      providers = (async () => {
        const [messages, { providersFor }] = await Promise.all([
          loadMessages(language.messages),
          import("./i18n/IslandProviders"),
        ]);
        return providersFor({ locale: language.locale, messages });
      })();
      cache.set(language.locale, providers);
    }
    return providers;
  };
}
