// The toasts without React: a plain live region the toast service falls back on while the
// Toaster island's code cannot load (offline), so that errors still reach the shopper. It
// shows what the Toaster shows, with the same classes and roles, and closes nothing itself:
// the toasts' own timers remove them.

import type { ToastText } from "./bus";
import type { IntlMessages } from "./i18n/messages";
import type { Toasts } from "./toast";

export interface PlainToastsEnv {
  document: Document;
  toasts: Pick<Toasts, "getSnapshot" | "subscribe">;
  /** The page language's messages, for toasts given by message id; may fail while offline. */
  loadMessages: () => Promise<IntlMessages>;
}

/**
 * Fills {name} placeholders; the messages toasts use have no plural or select forms. A built
 * page holds its messages parsed (scripts/esbuild/precompiled-messages.mjs): literal parts
 * (type 0) and arguments (type 1).
 */
function format(pattern: IntlMessages[string], values: Record<string, string | number> = {}): string {
  const fill = (name: string, whole: string) => (name in values ? String(values[name]) : whole);
  if (typeof pattern === "string") return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => fill(name, whole));
  return pattern
    .map((part) => (part.type === 0 ? part.value : part.type === 1 ? fill(part.value, `{${part.value}}`) : ""))
    .join("");
}

/** Shows the toasts until the returned function removes the region. */
export function showPlainToasts(env: PlainToastsEnv): () => void {
  const doc = env.document;
  const region = doc.createElement("section");
  region.className = "sf-toaster sf-toaster--top sf-toaster--plain";
  doc.body.append(region);
  let messages: IntlMessages | null = null;
  let loading = false;

  const text = (message: ToastText): string | null =>
    "text" in message ? message.text : messages?.[message.id] ? format(messages[message.id]!, message.values) : null;

  function render() {
    const label = text({ id: "toast.region" });
    if (label) region.setAttribute("aria-label", label);
    const items = env.toasts.getSnapshot().flatMap((toast) => {
      const shown = text(toast.message);
      if (shown === null) return [];
      const item = doc.createElement("div");
      item.className = `sf-toast sf-toast--${toast.kind}`;
      item.setAttribute("role", toast.kind === "error" ? "alert" : "status");
      const p = doc.createElement("p");
      p.className = "sf-toast__text";
      p.textContent = shown;
      item.append(p);
      return [item];
    });
    region.replaceChildren(...items);
    // A toast given by id waits for the messages, asked for again with each change until they come.
    if (!messages && !loading && env.toasts.getSnapshot().some((t) => !("text" in t.message))) {
      loading = true;
      env
        .loadMessages()
        .then((loaded) => {
          messages = loaded;
        })
        .catch(() => {})
        .finally(() => {
          loading = false;
          if (region.isConnected) render();
        });
    }
  }

  const unsubscribe = env.toasts.subscribe(render);
  render();
  return () => {
    unsubscribe();
    region.remove();
  };
}
