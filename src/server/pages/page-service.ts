// Answers a page address: matches the route, resolves the page data, renders the three
// regions and the meta. The document and the page-route JSON are two views of this.
import type { PageMeta, PageTheme } from "../../../generated/types";
import type { Registry } from "../../registry/types";
import { DEFAULT_PREFIX, type Language, languageOf } from "../../shared/languages";
import { loadMessages, type Messages } from "../../shared/messages";
import { createRouteTable, matchPath, type RouteMatch } from "../../shared/routes";
import type { Db } from "../db/open";
import type { FormState } from "../forms/flash";
import { reviewsOf } from "../reviews";
import { searchIndexOf } from "../search/index";
import { alternatesOf, canonicalPath, localized } from "../seo/page-urls";
import { type JsonLd, structuredData } from "../seo/structured-data";
import type { LocalizedStore } from "../store/load";
import { storeFor } from "../store/localize";
import { createLinks } from "./links";
import { checkPageData, checkScopeRoots } from "./page-data-check";
import { pageMeta, type RenderLogger, renderRegion } from "./render";
import { notFound, type ResolveContext, resolvePage, signInRequired, type Viewer } from "./resolve";

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
}

export interface PageServiceDeps {
  /** The store as loaded: each page reads it resolved for its language (storeFor). */
  store: LocalizedStore;
  db: Db;
  registry: Registry;
  log: RenderLogger;
  /** A snapshot of the units left per SKU, taken once per page. */
  stock(): (sku: string) => number;
  /** The server's clock (tests set it); Date.now by default. */
  clock?: () => number;
}

/** The account area: its pages are rendered only for their signed-in owner. */
export function isUserRoute(name: string): boolean {
  return name.startsWith("user-");
}

export function createPageService(deps: PageServiceDeps) {
  const { registry } = deps;
  // The client router's table: one list of routes and names for both sides.
  const routes = createRouteTable(deps.store.config.router);
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

  async function render(request: PageRequest): Promise<PageResult> {
    const match: RouteMatch = matchPath(routes, request.pathname) ?? {
      name: "not-found",
      params: {},
      prefix: null,
      language: languageOf(DEFAULT_PREFIX),
      path: request.pathname,
    };
    const language = match.language;
    const messages = await messagesFor(language);
    // Every text of the store (catalog, templates, the layout's links) in the page's language.
    const store = storeFor(deps.store, language.messages);
    const links = createLinks(store.config.router, match.prefix);
    const viewer = request.viewer ?? null;
    const ctx: ResolveContext = {
      store,
      db: deps.db,
      viewer,
      visitorId: request.visitorId ?? null,
      form: request.form ?? null,
      match,
      query: request.query,
      links,
      t: (id) => messages[id] ?? id,
      reviews: reviewsOf(deps.db, store),
      stockOf: deps.stock(),
      search: searchIndexOf(deps.store),
      now: (deps.clock ?? Date.now)(),
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
        nav: store.categories.slice(0, 6).map((c) => ({ label: c.name, href: links.category(c.slug) })),
        search: links.to("/search"),
        cart: links.to("/cart"),
        account: links.user("center"),
        favorites: links.user("favorite"),
        journal: links.to("/article"),
        year: new Date().getUTCFullYear(),
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
    const [pageHead, pageBody, pageFoot] = await Promise.all([
      hideHead ? "" : renderRegion(registry, store.templates.get("head"), scope, context, "h", deps.log),
      renderRegion(registry, template, scope, context, "b", deps.log),
      hideFoot ? "" : renderRegion(registry, store.templates.get("foot"), scope, context, "f", deps.log),
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
    return {
      status: resolved.status,
      language,
      meta,
      structuredData: structured,
      theme: { config: store.theme, hideHead: template.hideHead === true, hideFoot: template.hideFoot === true },
      pageData: resolved.page,
      pageHead,
      pageBody,
      pageFoot,
    };
  }

  return { render, routes };
}

export type PageService = ReturnType<typeof createPageService>;
