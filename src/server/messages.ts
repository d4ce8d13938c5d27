// The shop's messages in each language, for the words the server writes itself: refusals of
// /api/web calls and form posts, mails and text messages. The same catalogue the pages read
// (generated/messages), so a message id says the same thing wherever a shopper reads it.
import { createIntl, type IntlShape } from "react-intl";
import en from "../../generated/messages/en.json";
import zh from "../../generated/messages/zh.json";
import zhHK from "../../generated/messages/zh-HK.json";
import { languageOf, type MessageLanguage, type Prefix } from "../shared/languages";

/** An id of the shop's message catalogue: one that is not in it does not type-check. */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number | undefined>;

const CATALOGS: Record<MessageLanguage, Record<string, string>> = { en, zh, "zh-HK": zhHK };
const intls = new Map<MessageLanguage, IntlShape>();

function intlOf(language: MessageLanguage): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl({ locale: languageOf(language as Prefix).locale, messages: CATALOGS[language] });
    intls.set(language, intl);
  }
  return intl;
}

/** The message in the language, its ICU placeholders filled in with the values. */
export function messageText(language: MessageLanguage, id: MessageId, values?: MessageValues): string {
  return intlOf(language).formatMessage({ id }, values);
}

export const isMessageId = (id: string): id is MessageId => id in en;
