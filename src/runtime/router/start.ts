// Starts the router service for the page; boot loads this file as its own chunk once
// the first islands are on their way, so navigation code never delays them. Then it tells
// the theme's scripts that the first page is on screen (storefront:load).
import type { InitialData, PageRouteData } from "../../../generated/types";
import type { Renderer } from "../../renderer/islands";
import type { Win } from "../../renderer/strategies";
import { createRouteTable, matchPath } from "../../shared/routes";
import type { Bus } from "../bus";
import { browserClock } from "../env";
import { dispatchPageLoad } from "../page-events";
import type { Store } from "../storage";
import { createRouter, type RouterService } from "./router";
import { pageRoute } from "./visit";

export interface StartRouterEnv {
  win: Win;
  renderer: Pick<
    Renderer,
    "unmountRegion" | "replaceRegion" | "detachRegion" | "attachRegion" | "disposeDetached" | "takesServerHTML" | "setServerHTML"
  >;
  bus: Bus;
  /** The services' store, which keeps the token in memory when localStorage fails. */
  store: Store;
  /** The checked initial data; null runs with the default routes and theme. */
  data: InitialData | null;
  logger?: Pick<Console, "error">;
  /** The first page as served, for the snapshot cache. */
  firstPage?: PageRouteData | null;
}

export function startRouter(env: StartRouterEnv): RouterService {
  const { win } = env;
  const { store } = env;
  const router = createRouter({
    win,
    renderer: env.renderer,
    bus: env.bus,
    fetch: win.fetch.bind(win),
    clock: browserClock(win),
    config: env.data?.config.router,
    meta: env.data?.meta ?? null,
    readToken: () => store.get("token"),
    logger: env.logger,
    firstPage: env.firstPage ?? null,
  });
  router.start();
  const { href, pathname } = win.location;
  const match = matchPath(createRouteTable(env.data?.config.router), pathname);
  dispatchPageLoad(win.document, { url: href, route: pageRoute(match, env.data?.meta.route) });
  return router;
}
