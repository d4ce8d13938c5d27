// Who is signed in. Signing in stores the token (the server sets the HttpOnly auth cookie that
// carries it to pages); the user info is kept locally and refreshed from /user/info. Logout
// clears both and reloads. An auth-invalid answer (code 50, HTTP 401) logs out once and sends
// the shopper to sign-in with the current address as `redirect`; answers arriving after that
// change nothing, so there is no loop.

import { WIRE } from "../../generated/constants";
import type { UserInfo } from "../../generated/types";
import { splitPrefix, withPrefix } from "../shared/language-prefix";
import type { Api } from "./api/client";
import type { Bus } from "./bus";
import { type EventSource, type PageLocation, readCookie } from "./env";
import type { Store } from "./storage";

export interface SessionState {
  signedIn: boolean;
  user: UserInfo | null;
}

export interface SessionEnv {
  bus: Bus;
  store: Store;
  api: Api;
  location: PageLocation;
  /** Where `storage` events from other tabs arrive. */
  events: EventSource;
}

/**
 * Before issue #48 the page wrote the auth cookie itself, readable by any script; the server
 * now sets it HttpOnly, so one the page can read is such a copy: it is expired here, and the
 * answer to the session's next call (which carries x-auth) sets the HttpOnly one.
 */
export function dropReadableAuthCookie(doc: { cookie: string; location: { protocol: string } }): void {
  if (readCookie(doc.cookie, WIRE.authCookie) === null) return;
  // A Secure cookie is expired only by a Secure write.
  const secure = doc.location.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${WIRE.authCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export interface Session {
  start(): void;
  stop(): void;
  getSnapshot(): SessionState;
  subscribe(onChange: () => void): () => void;
  /** Stores the token (and the user info when the sign-in answer has it), then refreshes. */
  signIn(token: string, user?: UserInfo): Promise<UserInfo | null>;
  /** Fetches /user/info and stores it; null when signed out or the call failed. */
  refresh(): Promise<UserInfo | null>;
  logout(): void;
}

/** "/zh-HK" for /zh-HK/cart: the pages the session sends to keep the shopper's language. */
function languagePrefix(pathname: string): string {
  return withPrefix(splitPrefix(pathname).prefix, "");
}

function isSignInPage(pathname: string): boolean {
  return /^\/auth\/signin\/?$/.test(pathname.slice(languagePrefix(pathname).length));
}

export function signInUrl(location: Pick<Location, "pathname" | "search" | "hash">): string {
  const here = location.pathname + location.search + location.hash;
  return `${languagePrefix(location.pathname)}/auth/signin?redirect=${encodeURIComponent(here)}`;
}

export function createSession(env: SessionEnv): Session {
  const { bus, store, api, location } = env;
  let state = read();
  let leaving = false;
  const cleanups: Array<() => void> = [];

  function read(): SessionState {
    const signedIn = store.get("token") !== null;
    return { signedIn, user: signedIn ? store.get("user") : null };
  }

  function update() {
    const next = read();
    if (next.signedIn === state.signedIn && JSON.stringify(next.user) === JSON.stringify(state.user)) return;
    state = next;
    bus.emit("session:changed", state);
  }

  function clear() {
    store.remove("token");
    store.remove("user");
    update();
  }

  function onAuthInvalid() {
    if (leaving) return;
    leaving = true;
    clear();
    // Already on the sign-in page: its own redirect stays, and going there again would loop.
    if (!isSignInPage(location.pathname)) location.assign(signInUrl(location));
  }

  function onForbidden() {
    if (leaving) return;
    location.assign(`${languagePrefix(location.pathname)}/error/403`);
  }

  async function refresh(): Promise<UserInfo | null> {
    if (!state.signedIn) return null;
    const token = store.get("token");
    try {
      const user = await api.post("user/info", {}, { toast: false });
      // Signed out or in as someone else meanwhile: this answer is stale.
      if (store.get("token") !== token || !token || typeof user?.id !== "string") return null;
      store.set("user", user);
      state = { signedIn: true, user: store.get("user") };
      bus.emit("session:changed", state);
      return user;
    } catch {
      return null;
    }
  }

  return {
    start() {
      cleanups.push(
        () => bus.off("auth:invalid", onAuthInvalid),
        () => bus.off("auth:forbidden", onForbidden),
        store.watch(env.events, (key) => {
          if (key === "token" || key === "user") update();
        }),
      );
      bus.on("auth:invalid", onAuthInvalid);
      bus.on("auth:forbidden", onForbidden);
      void refresh();
    },
    stop() {
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
    getSnapshot: () => state,
    subscribe(onChange) {
      bus.on("session:changed", onChange);
      return () => bus.off("session:changed", onChange);
    },
    async signIn(token, user) {
      leaving = false;
      store.set("token", token);
      if (user) store.set("user", user);
      else store.remove("user");
      update();
      return refresh();
    },
    refresh,
    logout() {
      clear();
      location.reload();
    },
  };
}
