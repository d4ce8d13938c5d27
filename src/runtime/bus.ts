// The one event bus the services talk through. Each service declares the events it
// publishes here, so every subscriber is type-checked against the publisher.

import mitt, { type Emitter } from "mitt";
import type { Cart, LiveFrame, PageTheme, UserInfo } from "../../generated/types";

/** A toast's text: a message id of the locale files, or a server's own words. */
export type ToastText = { id: string; values?: Record<string, string | number> } | { text: string };

export type ToastKind = "info" | "success" | "warning" | "error";

export interface ToastRequest {
  kind?: ToastKind;
  message: ToastText;
  /** Milliseconds before it closes itself; 0 keeps it until closed. Default 1000. */
  duration?: number;
}

/** A frame the server sends on the live channel (schemas/wire/live-frame.schema.json). */
export type { LiveFrame };

export type Events = {
  /** A client navigation asks for its page's answer (router). */
  "route:requested": { url: string };
  /** A page finished rendering after client navigation (router). */
  "route:changed": { url: string; referrer: string };
  /** A navigation brought a page with this theme (router -> theme). */
  "route:theme": PageTheme;
  /** Signed in, signed out, or the user info changed (session). */
  "session:changed": { signedIn: boolean; user: UserInfo | null };
  /** The server said the sign-in is no longer valid: code 50 or HTTP 401 (api -> session). */
  "auth:invalid": { call: string };
  /** HTTP 403 (api -> session). */
  "auth:forbidden": { call: string };
  /** Show a toast (anyone -> toast). */
  "toast:show": ToastRequest;
  /** The server named this browser's visitor id (tracking -> live). */
  "visitor:id": string;
  /** The cart's item count changed, here or in another tab (cart). */
  "cart:changed": number;
  /** Units were added to the cart; `cart` is the server's cart after it (cart -> cart drawer). */
  "cart:added": { sku: string; quantity: number; cart: Cart };
  /** The wish list changed (favorites). */
  "favorites:changed": undefined;
  /** The live channel opened or closed (live). */
  "live:state": { connected: boolean };
} & {
  /** A live channel frame, published under its `type`: "message:order", ... (live). */
  [type: `message:${string}`]: LiveFrame;
};

export type Bus = Emitter<Events>;

export function createBus(): Bus {
  return mitt<Events>();
}
