// What the cart, checkout and order tests share: a fake API answering by call name, the
// cart and session services, and rendering inside the providers every island gets.

import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { vi } from "vitest";
import type { ApiCalls, CallName } from "../../../generated/api-calls";
import { type Api, ApiError } from "../../../src/runtime/api/client";
import { createBus } from "../../../src/runtime/bus";
import { type Cart, createCart } from "../../../src/runtime/cart";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { locationStore } from "../../../src/runtime/router/location-store";
import type { Session, SessionState } from "../../../src/runtime/session";
import { LOCALES, memoryStore } from "../runtime/fakes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler<C extends CallName> = (body: ApiCalls[C]["request"]) => ApiCalls[C]["response"] | Promise<ApiCalls[C]["response"]>;
export type Handlers = { [C in CallName]?: Handler<C> };

/** An API whose calls answer from `handlers`; a call without one fails the test. */
export function fakeApi(handlers: Handlers) {
  const post = vi.fn(async (call: CallName, body: unknown) => {
    const handler = handlers[call] as ((body: unknown) => unknown) | undefined;
    if (!handler) throw new Error(`unexpected call ${call}`);
    return handler(body);
  });
  return { api: { post } as unknown as Api, post };
}

/** A refusal of the server (envelope code 1 with its words), as the API client throws it. */
export function refusal(call: string, msg: string): ApiError {
  return new ApiError(call, { kind: "envelope", code: 1, msg }, { text: msg });
}

function fakeSession(state: SessionState): Session {
  return {
    start() {},
    stop() {},
    getSnapshot: () => state,
    subscribe: () => () => {},
    signIn: vi.fn(async () => null),
    refresh: vi.fn(async () => null),
    logout: vi.fn(),
  };
}

export interface Rendered {
  container: HTMLElement;
  cart: Cart;
  navigate: ReturnType<typeof vi.fn>;
  unmount(): Promise<void>;
}

export async function renderIsland(
  node: ReactNode,
  options: { api: Api; signedIn?: boolean; cartCount?: number },
): Promise<Rendered> {
  document.body.innerHTML = `<div id="island"></div>`;
  const container = document.getElementById("island")!;
  const bus = createBus();
  const cart = createCart({
    bus,
    store: memoryStore({ "sf.cartCount": String(options.cartCount ?? 0) }).store,
    api: options.api,
    events: new EventTarget(),
  });
  const signedIn = options.signedIn ?? true;
  const services = { bus, api: options.api, cart, session: fakeSession({ signedIn, user: null }) };
  const navigate = vi.fn();
  locationStore.setNavigator(navigate);
  let root: Root | undefined = createRoot(container);
  await act(async () =>
    root!.render(
      <IslandProviders context={{ locale: "en", messages: LOCALES.en }} services={services}>
        {node}
      </IslandProviders>,
    ),
  );
  return {
    container,
    cart,
    navigate,
    async unmount() {
      await act(async () => root?.unmount());
      root = undefined;
      locationStore.setNavigator(null);
    },
  };
}

/** Lets pending answers of the fake API reach the components. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

export function byText<T extends HTMLElement = HTMLElement>(root: ParentNode, selector: string, text: string): T {
  const found = Array.from(root.querySelectorAll<T>(selector)).find((el) => el.textContent?.replace(/\s+/g, " ").trim() === text);
  if (!found) throw new Error(`no ${selector} reading "${text}"`);
  return found;
}

export function byLabel<T extends HTMLElement = HTMLElement>(root: ParentNode, label: string): T {
  const withAria = root.querySelector<T>(`[aria-label="${label}"]`);
  if (withAria) return withAria;
  const element = Array.from(root.querySelectorAll("label")).find((l) => l.textContent?.trim() === label);
  const control = element?.htmlFor
    ? root.querySelector<T>(`#${CSS.escape(element.htmlFor)}`)
    : (element?.querySelector<T>("input") ?? null);
  if (!control) throw new Error(`no control labelled "${label}"`);
  return control;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
  await settle();
}

/** Types into a React-controlled input the way the browser does. */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
