// Starts the runtime services for a page and links them: one bus, one store, one clock.
// Boot calls startServices once and hands what it returns to the island providers, where
// components reach it through hooks; stop() undoes everything (tests, hot reload).
import type { Renderer } from "../renderer/islands";
import type { Win } from "../renderer/strategies";
import { languageOfLocale } from "../shared/languages";
import { type BodyCheck, createApi } from "./api/client";
import type { Bus } from "./bus";
import { createCart } from "./cart";
import { browserClock, type Clock } from "./env";
import { createFavorites } from "./favorites";
import type { Services } from "./hooks/services-context";
import { loadIntlMessages } from "./i18n/messages";
import { showPlainToasts } from "./plain-toasts";
import { createSession, dropReadableAuthCookie } from "./session";
import { createStore, type Store } from "./storage";
import { createToasts } from "./toast";

export interface ServicesEnv {
  win: Win;
  bus: Bus;
  /** Mounts the Toaster island when the first toast comes. */
  renderer?: Pick<Renderer, "mountRegion">;
  clock?: Clock;
  logger?: Pick<Console, "error">;
}

export interface RunningServices extends Services {
  /** The checked localStorage keys (the router reads the token and language path). */
  store: Store;
  /** Resolves once tracking, stats and the live channel have started (their own chunk). */
  background: Promise<void>;
  stop(): void;
}

// The schema checks and their validators exist only in development builds (__DEV__).
const checkBody: BodyCheck | undefined =
  typeof __DEV__ !== "undefined" && __DEV__
    ? (call, part, value) => import("./api/checks").then((m) => m.checkBody(call, part, value))
    : undefined;

export function startServices(env: ServicesEnv): RunningServices {
  const { win, bus } = env;
  const doc = win.document;
  const clock = env.clock ?? browserClock(win);
  const store = createStore(() => win.localStorage);
  const api = createApi({
    bus,
    store,
    clock,
    fetch: win.fetch.bind(win),
    checkBody,
    logger: env.logger,
    // Read at each call: the router changes <html lang> when it goes to a page of another language.
    language: () => doc.documentElement.lang,
  });

  // While the Toaster's code cannot load (offline), toasts show in a plain live region and
  // each new toast tries the Toaster again; once it mounts, it takes over.
  let hidePlain: (() => void) | null = null;
  const mountToaster = () => {
    const toasters = Array.from(doc.querySelectorAll('[data-component="Toaster"]'));
    // A theme may have placed its own Toaster; one that works, or is still loading, is enough.
    if (toasters.some((el) => el.getAttribute("data-island") !== "failed")) return;
    for (const el of toasters) el.closest(".sf-toaster-host")?.remove();
    const host = doc.createElement("div");
    host.className = "sf-toaster-host";
    const island = doc.createElement("div");
    island.setAttribute("data-component", "Toaster");
    host.append(island);
    doc.body.append(host);
    void env.renderer?.mountRegion(host).then(() => {
      if (island.getAttribute("data-island") !== "failed") {
        hidePlain?.();
        hidePlain = null;
      } else {
        hidePlain ??= showPlainToasts({
          document: doc,
          toasts,
          // A toast may carry any message (a refusal of any call): all of them.
          loadMessages: () => loadIntlMessages(languageOfLocale(doc.documentElement.lang || "en").messages, "all"),
        });
      }
    });
  };
  const toasts = createToasts({ bus, clock, mountToaster });
  dropReadableAuthCookie(win.document);
  const session = createSession({ bus, store, api, location: win.location, events: win });
  const cart = createCart({ bus, store, api, events: win });
  const favorites = createFavorites({ bus, api, store });
  // Toasts and the session listen first: any later start may fail or answer auth-invalid.
  const ordered = [toasts, session, cart, favorites];
  for (const service of ordered) service.start();

  let stopped = false;
  let stopBackground = () => {};
  const background = import("./background").then(({ startBackground }) => {
    if (!stopped) stopBackground = startBackground({ win, bus, api, store, clock });
  });

  return {
    bus,
    api,
    session,
    cart,
    favorites,
    toasts,
    store,
    background,
    stop() {
      stopped = true;
      stopBackground();
      for (const service of [...ordered].reverse()) service.stop();
      hidePlain?.();
    },
  };
}
