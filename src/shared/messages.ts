// The whole message set of each language, loaded on demand; en is the fallback for missing
// keys. The server renders with it; the browser loads it in two parts (runtime/i18n/messages.ts).
import type { MessageLanguage } from "./languages";

export type Messages = Record<string, string>;

const loaders: Record<MessageLanguage, () => Promise<{ default: Messages }>> = {
  en: () => import("../../generated/messages/en.json"),
  zh: () => import("../../generated/messages/zh.json"),
  "zh-HK": () => import("../../generated/messages/zh-HK.json"),
};

export async function loadMessages(language: MessageLanguage): Promise<Messages> {
  return (await loaders[language]()).default;
}
