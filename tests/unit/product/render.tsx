// Renders islands the way the page does (IslandProviders: services, intl and the router; ids
// after a prefix of their own, as each island's data-uid) at a given address, with the runtime
// services the test provides.
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { ProvidedServices } from "../../../src/runtime/hooks/services-context";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { locationStore } from "../../../src/runtime/router/location-store";
import { IslandIdsContext, islandIds } from "../../../src/shared/island-id";
import { LOCALES } from "../runtime/fakes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
let rendered = 0;

export function goTo(path: string): void {
  history.replaceState(null, "", path);
  locationStore.set(location);
}

export async function renderIsland(
  node: ReactNode,
  lang: keyof typeof LOCALES = "en",
  services?: ProvidedServices,
): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () =>
    root.render(
      <IslandIdsContext.Provider value={islandIds(`u${++rendered}-`)}>
        <IslandProviders context={{ locale: lang, messages: LOCALES[lang] }} services={services}>
          {node}
        </IslandProviders>
      </IslandIdsContext.Provider>,
    ),
  );
  return host;
}

export async function unmountAll(): Promise<void> {
  for (const root of roots.splice(0)) await act(async () => root.unmount());
  document.body.innerHTML = "";
}

export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await act(async () => {
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
}

export async function key(el: Element, key: string, shiftKey = false): Promise<void> {
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }));
  });
}

export function byText<T extends Element>(root: ParentNode, selector: string, text: string): T | undefined {
  return Array.from(root.querySelectorAll<T>(selector)).find((el) => el.textContent?.includes(text));
}

/** Types into a controlled input as a user would (React listens for `input`). */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function blur(input: HTMLElement): Promise<void> {
  await act(async () => {
    input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    input.dispatchEvent(new FocusEvent("blur"));
  });
}
