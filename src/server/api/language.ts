// The language an /api/web call answers in: the page it comes from says so in the x-lang
// header (its <html lang>); without it, the prefix of the Referer's path; else English.
import type { FastifyRequest } from "fastify";
import { WIRE } from "../../shared/codes";
import { splitPrefix } from "../../shared/language-prefix";
import { DEFAULT_PREFIX, type Language, languageOf, languageOfLocale, type Prefix } from "../../shared/languages";

export function languageOfRequest(request: Pick<FastifyRequest, "headers">): Language {
  const lang = request.headers[WIRE.languageHeader];
  if (typeof lang === "string" && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) return languageOfLocale(lang);
  const referer = request.headers.referer;
  if (referer && request.headers.host) {
    try {
      const url = new URL(referer);
      if (url.host === request.headers.host) return splitPrefix(url.pathname).language;
    } catch {
      // A malformed Referer: the default language.
    }
  }
  return languageOf(DEFAULT_PREFIX);
}

/** The prefix links in an answer keep: none for the default language, as its pages have none. */
export function linkPrefix(language: Language): Prefix | null {
  return language.prefix === DEFAULT_PREFIX ? null : language.prefix;
}
