// The page language's messages as the browser holds them, in two parts (scripts/codegen/
// messages.mjs): the base part every island renders with, and the rest, which only the islands
// outside the shop's pages (account, sign-in, checkout, promotions) load as well. The built
// bundle has them parsed at build time (scripts/esbuild/precompiled-messages.mjs), so
// react-intl formats them without an ICU parser in the page; unbundled (tests) they are the
// ICU strings as written.
import type { MessageFormatElement } from "react-intl";
import type { MessageLanguage } from "../../shared/languages";

export type IntlMessages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Which messages an island needs: the base part, or all of them. */
export type MessageSet = "base" | "all";

type Part = () => Promise<{ default: IntlMessages }>;

const base: Record<MessageLanguage, Part> = {
  en: () => import("../../../generated/messages/en.base.json"),
  zh: () => import("../../../generated/messages/zh.base.json"),
  "zh-HK": () => import("../../../generated/messages/zh-HK.base.json"),
};

const more: Record<MessageLanguage, Part> = {
  en: () => import("../../../generated/messages/en.more.json"),
  zh: () => import("../../../generated/messages/zh.more.json"),
  "zh-HK": () => import("../../../generated/messages/zh-HK.more.json"),
};

export async function loadIntlMessages(language: MessageLanguage, set: MessageSet = "base"): Promise<IntlMessages> {
  if (set === "base") return (await base[language]()).default;
  const [shop, rest] = await Promise.all([base[language](), more[language]()]);
  return { ...shop.default, ...rest.default } as IntlMessages;
}
