// The mails (and text messages) the shop sends, in the language of the page the shopper
// asked from, with links that keep its language prefix. The page is the Referer of the API
// call: the shop sends it for same-origin requests (Referrer-Policy
// strict-origin-when-cross-origin), and without it the mail is in English at the root.
import type { FastifyRequest } from "fastify";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import { splitPrefix, withPrefix } from "../../shared/language-prefix";
import { languageOf, type MessageLanguage } from "../../shared/languages";
import type { Mail } from "../mail";

const CATALOGS: Record<MessageLanguage, Record<string, string>> = { en, zh, "zh-HK": zhHK };

export type MailKind =
  | "verify"
  | "verifyMobile"
  | "taken"
  // A code asked for to move an account to an address another account has (auth/sendCode).
  | "addressTaken"
  | "reset"
  | "code"
  // Quote requests and feedback (src/server/api/calls/contact.ts): the shop's copy and the sender's receipt.
  | "quote"
  | "quoteReceipt"
  | "feedback"
  | "feedbackReceipt";

export interface MailPlace {
  /** "/zh-HK" or "": what the mail's link starts with. */
  prefix: string;
  language: MessageLanguage;
}

export function mailPlaceOf(request: Pick<FastifyRequest, "headers">): MailPlace {
  let pathname = "/";
  try {
    const referer = request.headers.referer;
    const host = request.headers.host;
    if (referer && host) {
      const url = new URL(referer);
      if (url.host === host) pathname = url.pathname;
    }
  } catch {
    // A malformed Referer: the default language.
  }
  const { prefix } = splitPrefix(pathname);
  return { prefix: withPrefix(prefix, ""), language: prefix ? languageOf(prefix).messages : "en" };
}

/** `{name}` placeholders only: mail texts are plain sentences. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A mail of `kind` to `to`; `path` is the link's address inside the shop ("" for none). */
export function composeMail(
  place: MailPlace,
  kind: MailKind,
  to: string,
  path: string,
  values: Record<string, string | number> = {},
): Mail {
  const text = (part: "subject" | "body") => {
    const id = `mail.${kind}.${part}`;
    return fill(CATALOGS[place.language][id] ?? CATALOGS.en[id] ?? id, values);
  };
  return { kind, to, subject: text("subject"), body: text("body"), link: path ? place.prefix + path : "" };
}
