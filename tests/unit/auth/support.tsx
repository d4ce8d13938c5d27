// Renders an auth, header or newsletter island as the page would (intl + router), with
// fake api and session services and a navigate spy in place of the router service.
import { act, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { vi } from "vitest";
import type { UserInfo } from "../../../generated/types";
import { type Api, ApiError } from "../../../src/runtime/api/client";
import type { ProvidedServices } from "../../../src/runtime/hooks/services-context";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { locationStore } from "../../../src/runtime/router/location-store";
import type { Session, SessionState } from "../../../src/runtime/session";
import { LOCALES } from "../runtime/fakes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const USER: UserInfo = { id: "7", email: "mei@example.com", nickname: "mei" };
export const TOKEN = "t".repeat(43);

export type Post = ReturnType<typeof vi.fn<(call: string, body: unknown, options?: unknown) => Promise<unknown>>>;

export interface Harness {
  container: HTMLElement;
  post: Post;
  navigate: ReturnType<typeof vi.fn>;
  session: Session & { set(state: SessionState): void };
  unmount(): Promise<void>;
}

export function fakeSession(initial: SessionState = { signedIn: false, user: null }): Harness["session"] {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    start() {},
    stop() {},
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    signIn: vi.fn(async (_token: string, user?: UserInfo) => user ?? null),
    refresh: vi.fn(async () => null),
    logout: vi.fn(),
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The error the api client throws for a failed call whose envelope carried this message. */
export function serverFailure(call: string, msg: string): ApiError {
  return new ApiError(call, { kind: "envelope", code: 40, msg }, { text: msg });
}

export interface RenderOptions {
  url?: string;
  lang?: keyof typeof LOCALES;
  session?: Harness["session"];
  /** More services beside the fake api and session (a cart, ...). */
  services?: ProvidedServices;
  /** Hydrate this server HTML instead of rendering from nothing. */
  serverHtml?: string;
  /** Runs on the server HTML before hydration, as a shopper typing early would. */
  beforeHydrate?: (container: HTMLElement) => void;
}

export async function renderIsland(node: ReactNode, options: RenderOptions = {}): Promise<Harness> {
  history.replaceState(null, "", options.url ?? "/auth/signin");
  locationStore.set(new URL(location.href));
  const navigate = vi.fn();
  locationStore.setNavigator(navigate);
  const post: Post = vi.fn(async () => ({}));
  const session = options.session ?? fakeSession();
  const services: ProvidedServices = { api: { post } as unknown as Api, session, ...options.services };
  document.body.innerHTML = `<div id="island"></div>`;
  const container = document.getElementById("island")!;
  const lang = options.lang ?? "en";
  const tree = (
    <IslandProviders context={{ locale: lang, messages: LOCALES[lang] }} services={services}>
      {node}
    </IslandProviders>
  );
  let root!: Root;
  if (options.serverHtml === undefined) {
    root = createRoot(container);
    await act(async () => root.render(tree));
  } else {
    container.innerHTML = options.serverHtml;
    options.beforeHydrate?.(container);
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
  }
  return {
    container,
    post,
    navigate,
    session,
    async unmount() {
      await act(async () => root.unmount());
      locationStore.setNavigator(null);
    },
  };
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

/** Types a whole value into an input, as React sees a change. */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    valueSetter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}

/** The input a visible label names. */
export function field(container: HTMLElement, label: string): HTMLInputElement {
  const found = Array.from(container.querySelectorAll("label")).find((l) => l.textContent === label);
  if (!found) throw new Error(`no label "${label}"`);
  return container.ownerDocument.getElementById(found.htmlFor) as HTMLInputElement;
}

export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll("button")).find(
    (b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The message tied to an input by aria-describedby, "" when none. */
export function describedBy(input: HTMLElement): string {
  return (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => input.ownerDocument.getElementById(id)?.textContent ?? "")
    .join(" | ");
}
