// The theme editor's browser entry (build.mjs, editorOptions): reads what the page opened
// with and mounts the editor in the author's language.
import { createRoot } from "react-dom/client";
import { IntlProvider } from "react-intl";
import en from "../../generated/messages/editor.en.json";
import zh from "../../generated/messages/editor.zh.json";
import zhHK from "../../generated/messages/editor.zh-HK.json";
import type { EditorState } from "./api";
import { Editor } from "./Editor";

const MESSAGES = { en, zh, "zh-HK": zhHK };
const LOCALES = { en: "en", zh: "zh-CN", "zh-HK": "zh-HK" };

const state = JSON.parse(document.getElementById("editor-state")!.textContent!) as EditorState;
createRoot(document.getElementById("editor")!).render(
  <IntlProvider locale={LOCALES[state.lang]} messages={MESSAGES[state.lang] as never}>
    <Editor state={state} />
  </IntlProvider>,
);
