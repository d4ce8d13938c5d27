// Answers a page address: matches the route, resolves the page data, renders the three
// regions and the meta. The document and the page-route JSON are two views of this.
import type { PageMeta, PageTheme } from "../../../generated/types";
import type { Registry } from "../../registry/types";
import { splitPrefix } from "../../shared/language-prefix";
import type { Language } from "../../shared/languages";
import { loadMessages, type Messages } from "../../shared/messages";
import { createRouteTable, isPrivateRoute, matchPath, type RouteMatch } from "../../shared/routes";
import type { Db } from "../db/open";
import type { FormState } from "../forms/flash";
import { reviewsOf } from "../reviews";
import { searchIndexOf } from "../search/index";
import { alternatesOf, canonicalPath, localized } from "../seo/page-urls";
import { type JsonLd, structuredData } from "../seo/structured-data";
import type { StockSnapshot } from "../stock";
import type { LocalizedStore } from "../store/load";
import { storeFor } from "../store/localize";
import { addressSlot } from "./address-slot";
import type { Admission } from "./admission";
import { createIslandCache, type IslandCache } from "./island-cache";
import { createLinks } from "./links";
import { checkPageData, checkScopeRoots } from "./page-data-check";
import { pageMeta, type RenderLogger, renderRegion } from "./render";
import { CLOCK_PAGE_TTL_MS, type PageDataVersion, type RenderCache } from "./render-cache";
import { notFound, type ResolveContext, resolvePage, signInRequired, type Viewer } from "./resolve";
import { shopperCart } from "./shopper-cart";

/** The header's categories at most (scope.schema.json's bound on $layout.nav). */
const NAV_LINKS = 40;

export interface PageRequest {
  pathname: string;
  query: URLSearchParams;
  hideHead?: boolean;
  hideFoot?: boolean;
  /** The signed-in shopper (a valid x-auth, or the auth cookie on a first load); user routes answer 401 without one. */
  viewer?: Viewer | null;
  /** The public origin absolute addresses start with; without it they stay paths (a page rendered outside a request). */
  origin?: string;
  /** The visitor cookie: whose cart the cart and checkout pages show to a visitor. */
  visitorId?: string;
  /** What a failed form post sends back to this page (forms/flash.ts). */
  form?: FormState | null;
}

export interface PageResult {
  status: number;
  language: Language;
  meta: PageMeta;
  theme: PageTheme;
  pageData: unknown;
  pageHead: string;
  pageBody: string;
  pageFoot: string;
  /** JSON-LD items for the document's head (first loads only: search engines read those). */
  structuredData: JsonLd[];
  /**
   * The same for every visitor without a session (no viewer, no flash, a public route, no
   * read of the visitor id): the server may reuse it and a shared cache may hold it.
   */
  shared: boolean;
}

/**
 * Where a page came from: the render cache, a render the cache now keeps, a render it could
 * keep but did not (the first request for its address, or one asked for less often than the
 * pages it would push out: admission.ts), or a render for this request only (a shopper's own page).
 */
export type CacheOutcome = "hit" | "stored" | "miss" | "bypass";

/**
 * A cached page, with what orders held of the SKUs it shows when it was rendered, and the
 * stock version at which that was last found to hold.
 */
export interface CachedPage {
  result: PageResult;
  held: ReadonlyMap<string, number>;
  stock: number;
}

/**
 * The render cache, the database's page data versions (render-cache.ts: its keys carry the
 * first), which renders it keeps (admission.ts), and whether orders still hold what a page's
 * SKUs had held (stock.ts stillHeld).
 */
export interface PageCacheDeps {
  pages: RenderCache<CachedPage>;
  version(): PageDataVersion;
  admission: Admission;
  stillHeld(held: ReadonlyMap<string, number>): boolean;
}

export interface PageServiceDeps {
  /** The store as loaded: each page reads it resolved for its language (storeFor). */
  store: LocalizedStore;
  db: Db;
  registry: Registry;
  log: RenderLogger;
  /** A snapshot of the units left per SKU, taken once per page. */
  stock(): StockSnapshot;
  /** The server's clock (tests set it); Date.now by default. */
  clock?: () => number;
  /** Without it every request renders. */
  cache?: PageCacheDeps;
  /** The islands every page of a language shares (island-cache.ts); null renders each for its page. A cache of its own by default. */
  islands?: IslandCache | null;
}

/** The account area: its pages are rendered only for their signed-in owner. */
export function isUserRoute(name: string): boolean {
  return name.startsWith("user-");
}

export function createPageService(deps: PageServiceDeps) {
  const { registry } = deps;
  // The client router's table: one list of routes and names for both sides.
  const routes = createRouteTable(deps.store.config.router);
  const islands = deps.islands === undefined ? createIslandCache() : deps.islands;
  const messageCache = new Map<string, Messages>();
  const messagesFor = async (language: Language): Promise<Messages> => {
    let messages = messageCache.get(language.messages);
    if (!messages) {
      // English fills any key a translation lacks, as the client does.
      messages = { ...(await loadMessages("en")), ...(await loadMessages(language.messages)) };
      messageCache.set(language.messages, messages);
    }
    return messages;
  };

  /**
   * The render, whether it read what differs between anonymous visitors (the visitor id) or the
   * clock, and what orders held of the SKUs whose stock it shows.
   */
  async function renderTracked(
    request: PageRequest,
  ): Promise<{ result: PageResult; clockRead: boolean; held: ReadonlyMap<string, number> }> {
    // An unknown address is answered in the language its prefix names, like every page under it.
    const match: RouteMatch = matchPath(routes, request.pathname) ?? {
      name: "not-found",
      params: {},
      ...splitPrefix(request.pathname),
    };
    const language = match.language;
    const messages = await messagesFor(language);
    // Every text of the store (catalog, templates, the layout's links) in the page's language.
    const store = storeFor(deps.store, language.messages);
    const links = createLinks(store.config.router, match.prefix);
    const viewer = request.viewer ?? null;
    const now = (deps.clock ?? Date.now)();
    let visitorRead = false;
    let clockRead = false;
    const stockOf = deps.stock();
    const ctx: ResolveContext = {
      store,
      db: deps.db,
      viewer,
      // Getters, so that the cache learns which pages depend on the visitor or on the time.
      get visitorId() {
        visitorRead = true;
        return request.visitorId ?? null;
      },
      form: request.form ?? null,
      match,
      query: request.query,
      links,
      t: (id) => messages[id] ?? id,
      reviews: reviewsOf(deps.db, store),
      stockOf,
      search: searchIndexOf(deps.store),
      get now() {
        clockRead = true;
        return now;
      },
    };
    const resolved =
      match.name === "not-found"
        ? notFound(ctx)
        : isUserRoute(match.name) && viewer === null
          ? signInRequired(ctx, request.pathname)
          : resolvePage(ctx);
    checkPageData(match.name, resolved);
    const template = store.templates.get(resolved.template) ?? store.templates.get("error")!;
    const roots = {
      $store: { name: store.config.storeName, currency: store.config.currency },
      $route: { name: match.name, params: match.params, prefix: language.prefix },
      $layout: {
        home: links.home(),
        // Every category (the header puts what does not fit its row in "More"), up to the schema's bound.
        nav: store.categories.slice(0, NAV_LINKS).map((c) => ({ label: c.name, href: links.category(c.slug) })),
        search: links.to("/search"),
        cart: links.to("/cart"),
        account: links.user("center"),
        favorites: links.user("favorite"),
        // Only on pages rendered for one shopper: a page every visitor shares cannot hold anyone's count.
        ...(isPrivateRoute(match.name) ? { cartCount: Math.min(shopperCart(ctx).count, 9999) } : {}),
        journal: links.to("/article"),
        year: new Date().getUTCFullYear(),
        // The header shows the account and sign-out before (or without) its script.
        signedIn: viewer !== null,
        footer: [
          {
            title: store.config.storeName,
            links: store.pages
              .filter((p) => (p.folder ?? "page") === "page")
              .map((p) => ({ label: p.title, href: links.page(p.slug) }))
              .concat({ label: ctx.t("page.feedback.title"), href: links.to("/inquiry/feedback") }),
          },
          {
            title: ctx.t("page.footer.shop"),
            links: [
              ...store.collections.map((c) => ({ label: c.title, href: links.collection(c.slug) })),
              { label: ctx.t("page.promotions.title"), href: links.to("/promotion") },
              { label: ctx.t("page.coupons.title"), href: links.to("/coupon") },
              { label: ctx.t("page.tags.title"), href: links.to("/tag") },
              { label: ctx.t("page.journal.title"), href: links.to("/article") },
            ],
          },
        ],
      },
      // Only after a plain form post: templates bind it into the island that owns the form.
      ...(ctx.form ? { $form: ctx.form } : {}),
    };
    checkScopeRoots(match.name, roots);
    const scope = { ...roots, page: resolved.page };
    // Islands read the route through wouter on the server too, so they render the same links it will.
    const search = request.query.toString();
    const context = {
      locale: language.locale,
      messages,
      path: request.pathname + (search ? `?${search}` : ""),
      router: store.config.router,
    };
    const hideHead = template.hideHead === true || request.hideHead === true;
    const hideFoot = template.hideFoot === true || request.hideFoot === true;
    const sharedIslands = islands
      ? {
          cache: islands,
          language: `${language.locale} ${language.messages}`,
          slot: addressSlot(request.pathname, search, match.name),
        }
      : undefined;
    const [pageHead, pageBody, pageFoot] = await Promise.all([
      hideHead ? "" : renderRegion(registry, store.templates.get("head"), scope, context, "h", deps.log, sharedIslands),
      renderRegion(registry, template, scope, context, "b", deps.log, sharedIslands),
      hideFoot ? "" : renderRegion(registry, store.templates.get("foot"), scope, context, "f", deps.log, sharedIslands),
    ]);
    const origin = request.origin ?? "";
    const meta = pageMeta(template, scope, resolved.status, match.name, store.config.storeName, origin);
    let structured: JsonLd[] = [];
    // Only a page search engines may index names its canonical address and language versions.
    if (resolved.status === 200 && !/\bnoindex\b/.test(meta.robots ?? "")) {
      const path = canonicalPath(match, resolved, store, request.query);
      meta.canonical = origin + localized(match.prefix, path);
      meta.alternates = alternatesOf(origin, path);
      structured = structuredData({
        resolved,
        storeName: store.config.storeName,
        origin,
        prefix: match.prefix,
        canonical: meta.canonical,
      });
    }
    const shared = viewer === null && !request.form && !visitorRead && resolved.status < 500 && !isPrivateRoute(match.name);
    const result: PageResult = {
      status: resolved.status,
      language,
      meta,
      structuredData: structured,
      theme: { config: store.theme, hideHead: template.hideHead === true, hideFoot: template.hideFoot === true },
      pageData: resolved.page,
      pageHead,
      pageBody,
      pageFoot,
      shared,
    };
    return { result, clockRead, held: stockOf.held };
  }

  async function render(request: PageRequest): Promise<PageResult> {
    return (await renderTracked(request)).result;
  }

  const rendering = new Map<string, ReturnType<typeof renderTracked>>();

  /** A page through the render cache: only requests without a viewer or a flash may use it. */
  async function renderCached(request: PageRequest): Promise<{ result: PageResult; cache: CacheOutcome }> {
    const cache = deps.cache;
    if (!cache || request.viewer || request.form) return { result: await render(request), cache: "bypass" };
    const now = (deps.clock ?? Date.now)();
    const address = JSON.stringify([
      request.pathname,
      [...request.query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      request.hideHead === true,
      request.hideFoot === true,
      request.origin ?? "",
    ]);
    // Read before rendering: a write during the render leaves this entry behind the next
    // version, never ahead. The year is the footer's. (JSON holds no raw line break: the
    // address is the key's first line.)
    const version = cache.version();
    const generation = `${version.data}\n${new Date().getUTCFullYear()}`;
    const key = `${address}\n${generation}`;
    // Hits count too: a page read from the cache all day outranks one asked for twice.
    const asked = cache.admission.record(address);
    const hit = cache.pages.get(key, now);
    if (hit && stockStands(cache, hit, version.stock)) return { result: hit.result, cache: "hit" };
    // Requests that miss together wait for one render (a popular page just made stale would
    // otherwise be rendered once per request in flight).
    const pending = rendering.get(key);
    if (pending) {
      const shared = (await pending).result;
      if (shared.shared) return { result: shared, cache: "hit" };
      return { result: await render(request), cache: "bypass" };
    }
    const started = renderTracked(request);
    rendering.set(key, started);
    try {
      const { result, clockRead, held } = await started;
      if (!result.shared) return { result, cache: "bypass" };
      if (asked < 2) return { result, cache: "miss" };
      const expiresAt = clockRead ? now + CLOCK_PAGE_TTL_MS : Number.POSITIVE_INFINITY;
      const page: CachedPage = { result, held, stock: version.stock };
      const kept = cache.pages.set(key, page, estimatedBytes(page), expiresAt, {
        now,
        // A page of an older version or year is unreachable: any page outranks it.
        outranks: (victim) => {
          const at = victim.indexOf("\n");
          return (
            victim.slice(at + 1) !== generation ||
            cache.admission.frequency(address) > cache.admission.frequency(victim.slice(0, at))
          );
        },
      });
      return { result, cache: kept ? "stored" : "miss" };
    } finally {
      rendering.delete(key);
    }
  }

  return { render, renderCached, routes };
}

export type PageService = ReturnType<typeof createPageService>;

/**
 * Whether a cached page's stock is still right: surely while no order has changed what any SKU
 * is held for since it was last found right, and otherwise when orders hold of its own SKUs
 * what they did when it was rendered (an order of another product leaves it as it was).
 */
function stockStands(cache: PageCacheDeps, page: CachedPage, stock: number): boolean {
  if (page.stock === stock) return true;
  if (!cache.stillHeld(page.held)) return false;
  page.stock = stock;
  return true;
}

/**
 * A page's cached text, in bytes: the regions and the page data, two bytes a character three
 * times over. The result holds them as strings (two bytes a character at worst); the document
 * and page-route bodies the routes keep beside it hold them as UTF-8, a byte a character of
 * markup and three of Chinese text, so a page is counted above what it holds unless it is
 * almost all Chinese text.
 */
function estimatedBytes({ result, held }: CachedPage): number {
  const text = result.pageHead.length + result.pageBody.length + result.pageFoot.length + JSON.stringify(result.pageData).length;
  // An entry of what orders held of a SKU: its key, a number and the Map's own slot.
  return 2 * 3 * text + 64 * held.size;
}
