// Starts the page: reads the server's initial data, sends a 401 page to sign-in, and
// mounts the islands of the head, body and foot regions.
import type { InitialData } from "../../generated/types";
import type { Registry } from "../registry/types";
import { createRenderer, type Renderer } from "../renderer/islands";
import type { Win } from "../renderer/strategies";
import { createBus } from "./bus";
import { rememberLanguagePath } from "./i18n/language-path";
import { checkInitialData, parseInitialData, statusOf } from "./initial-data";
import { createProvidersLoader } from "./island-providers";
import { type RunningServices, startServices } from "./services";
import { documentAuthCookie, signInUrl } from "./session";
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

export interface Booted {
  data: InitialData | null;
  renderer: Renderer;
  services: RunningServices | null;
}

/**
 * A shopper whose stored token never reached the auth cookie (signed in before it existed, or
 * the cookie was cleared) is not a visitor: write the cookie and load the page once more. The
 * next 401, with the cookie sent, is a real one.
 */
function sendStoredToken(win: Win): boolean {
  const token = createStore(() => win.localStorage).get("token");
  const cookie = documentAuthCookie(win.document);
  if (token === null || cookie.read() === token) return false;
  cookie.write(token);
  win.location.reload();
  return true;
}

export async function boot(env: BootEnv): Promise<Booted | null> {
  const { win, registry } = env;
  const logger = env.logger ?? console;
  const doc = win.document;
  const parsed = parseInitialData(doc);
  if (parsed.ok && statusOf(parsed.value) === 401) {
    if (!sendStoredToken(win)) win.location.replace(signInUrl(win.location));
    return null;
  }
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
