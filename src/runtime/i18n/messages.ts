// The page language's messages as the browser holds them. The built bundle has them parsed at
// build time (scripts/esbuild/precompiled-messages.mjs), so react-intl formats them without an
// ICU parser in the page; unbundled (tests) they are the ICU strings as written.
import type { MessageFormatElement } from "react-intl";
import type { MessageLanguage } from "../../shared/languages";
import { loadMessages } from "../../shared/messages";

export type IntlMessages = Record<string, string> | Record<string, MessageFormatElement[]>;

export const loadIntlMessages: (language: MessageLanguage) => Promise<IntlMessages> = loadMessages;
