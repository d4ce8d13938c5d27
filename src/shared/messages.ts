// Message files load on demand, each its own chunk; en is the fallback for missing keys.
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
