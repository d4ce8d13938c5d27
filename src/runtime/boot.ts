// Starts the page: reads the server's initial data, sends a 401 page to sign-in, and
// mounts the islands of the head, body and foot regions.
import type { InitialData } from "../../generated/types";
import type { Registry } from "../registry/types";
import { createRenderer, type Renderer } from "../renderer/islands";
import type { Win } from "../renderer/strategies";
import { API_BASE, AUTH_HEADER } from "../shared/codes";
import { createBus } from "./bus";
import { rememberLanguagePath } from "./i18n/language-path";
import { checkInitialData, parseInitialData, statusOf } from "./initial-data";
import { createProvidersLoader } from "./island-providers";
import { type RunningServices, startServices } from "./services";
import { signInUrl } from "./session";
import { createStore } from "./storage";
import { startThemeService } from "./theme/theme-service";

export const REGION_IDS = ["page-head", "page-body", "page-foot"] as const;

export interface BootEnv {
  win: Win;
  registry: Registry;
  logger?: Pick<Console, "warn" | "error">;
  /** Start the runtime services (default true); renderer-only tests turn them off. */
  services?: boolean;
}

/**
 * What a theme's script may call, as `window.storefront`: `mount(element)` starts the islands of
 * HTML it inserted after boot outside a region swap (an element that is an island, or holds
 * some), as the router does for the HTML it swaps in. Islands already started are left alone.
 */
export interface StorefrontApi {
  mount(el: Element): Promise<void>;
}

const ISLAND = "[data-component]";

export interface Booted {
  data: InitialData | null;
  renderer: Renderer;
  services: RunningServices | null;
}

/** The sessionStorage key of the reload that follows the server's setting of the auth cookie. */
const COOKIE_RELOAD = "sf.authCookieReload";

/** Whether this tab's last load was that reload; reading forgets it. */
function tookCookieReload(win: Win): boolean {
  try {
    const was = win.sessionStorage.getItem(COOKIE_RELOAD) !== null;
    win.sessionStorage.removeItem(COOKIE_RELOAD);
    return was;
  } catch {
    return false;
  }
}

/**
 * A shopper whose stored token did not reach the page in the auth cookie (signed in before the
 * server set it, or the cookie was cleared) is not a visitor. The cookie is HttpOnly, so no
 * script writes it: one call with the token has the server set it, and the page loads once
 * more. The next 401 is a real one, and so is any when the reload cannot be remembered.
 */
async function sendStoredToken(win: Win): Promise<boolean> {
  const token = createStore(() => win.localStorage).get("token");
  if (token === null || tookCookieReload(win)) return false;
  try {
    const answer = await win.fetch(`${API_BASE}/user/info`, {
      method: "POST",
      headers: { "content-type": "application/json", [AUTH_HEADER]: token },
      body: "{}",
      credentials: "same-origin",
    });
    if (((await answer.json()) as { code?: unknown }).code !== 0) return false;
    win.sessionStorage.setItem(COOKIE_RELOAD, "1");
  } catch {
    return false;
  }
  win.location.reload();
  return true;
}

export async function boot(env: BootEnv): Promise<Booted | null> {
  const { win, registry } = env;
  const logger = env.logger ?? console;
  const doc = win.document;
  const parsed = parseInitialData(doc);
  if (parsed.ok && statusOf(parsed.value) === 401) {
    if (!(await sendStoredToken(win))) win.location.replace(signInUrl(win.location));
    return null;
  }
  tookCookieReload(win);
  // The providers every island renders in hand the services to the hooks; they read them when
  // the first island loads, after the services below have started (the toast service mounts
  // its Toaster through this renderer).
  // The regions as the server sent them, before any island touches them: the first page's
  // snapshot for the router, so that Back to it needs no fetch.
  const served = REGION_IDS.map((id) => doc.getElementById(id)?.innerHTML ?? "");
  let services: RunningServices | null = null;
  const renderer = createRenderer({
    registry,
    win,
    logger,
    loadProviders: createProvidersLoader(doc, () => services),
    signedIn: () => services?.session.getSnapshot().signedIn ?? false,
  });
  (win as Win & { storefront?: StorefrontApi }).storefront = {
    mount: (el) => renderer.mountRegion(el.matches(ISLAND) && el.parentElement ? el.parentElement : el),
  };
  if (env.services !== false) services = startServices({ win, bus: createBus(), renderer, logger });
  const regions = REGION_IDS.map((id) => doc.getElementById(id)).filter((el) => el !== null);
  const [checked] = await Promise.all([
    parsed.ok ? checkInitialData(parsed.value) : parsed,
    ...regions.map((el) => renderer.mountRegion(el)),
  ]);
  if (!checked.ok) logger.error(`[boot] ${checked.message}; the page runs with its server HTML and defaults`);
  if (services) {
    const data = checked.ok ? checked.data : null;
    startThemeService(doc, services.bus, { initial: data?.theme ?? null, logger });
    rememberLanguagePath(services.store, win.location.pathname);
    void import("./router/start").then(({ startRouter }) =>
      startRouter({
        win,
        renderer,
        bus: services.bus,
        store: services.store,
        data,
        logger,
        firstPage: data && {
          data: data.pageData,
          theme: data.theme,
          meta: data.meta,
          pageHead: served[0]!,
          pageBody: served[1]!,
          pageFoot: served[2]!,
        },
      }),
    );
  }
  return { data: checked.ok ? checked.data : null, renderer, services };
}
