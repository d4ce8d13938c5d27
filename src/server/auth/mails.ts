// The mails (and text messages) the shop sends, in the language of the page the shopper
// asked from, with links that keep its language prefix: the call's language (an API call's
// x-lang header, else its Referer; a form post's prefix), English at the root without one.
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import { withPrefix } from "../../shared/language-prefix";
import type { Language, MessageLanguage } from "../../shared/languages";
import { linkPrefix } from "../api/language";
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

/** Where a call's mail points: the language of the page that asked (ctx.language: a form's prefix, an API call's x-lang or Referer). */
export function mailPlaceOf(language: Language): MailPlace {
  const prefix = linkPrefix(language);
  return { prefix: withPrefix(prefix, ""), language: language.messages };
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
