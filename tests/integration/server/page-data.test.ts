// @vitest-environment node
// Page data typed by schemas: every built-in route resolves to data of its page kind's schema
// (checked as pages render in development and tests), a resolver answering the wrong shape
// fails loudly, and a template whose data paths name nothing fails the store load.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import type { Db } from "../../../src/server/db/open";
import { openDatabase } from "../../../src/server/db/open";
import { checkPageData, checkScopeRoots, PageDataError } from "../../../src/server/pages/page-data-check";
import type { Resolved } from "../../../src/server/pages/page-kinds";
import { createPageService } from "../../../src/server/pages/page-service";
import { loadSchemaSet } from "../../../src/server/schemas";
import { checkTemplatePaths, SCHEMA_BASE } from "../../../src/server/store/bind-paths.mjs";
import { loadStore, StoreFileError } from "../../../src/server/store/load";
import { ROUTE_NAMES, type RouteName } from "../../../src/shared/route-names";

const schemas = loadSchemaSet(join(process.cwd(), "schemas"));
const DEMO = join(process.cwd(), "fixtures/demo-store");
const BAD_TEMPLATE = join(process.cwd(), "tests/fixtures/theme-author/bad-paths/product-detail.json");

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// One address per built-in route: a route added to ROUTE_NAMES without one here does not type-check.
const SAMPLES: Record<RouteName, string> = {
  home: "/",
  search: "/search?q=linen",
  cart: "/cart",
  "tag-list": "/tag",
  "tag-detail": "/tag/new",
  "category-detail": "/category/shirts?sort=price-asc",
  "product-detail": "/product/linen-shirt",
  "product-sku": "/product/linen-shirt/LINSHI-SAN-M",
  "article-detail": "/article/caring-for-linen",
  "article-list": "/article?page=2",
  "page-detail": "/page/shipping",
  "collection-detail": "/collection/best-sellers",
  "inquiry-detail": "/inquiry/linen-shirt",
  "inquiry-feedback": "/inquiry/feedback",
  "checkout-thankyou": "/checkout/thankyou?orderNo=SO123456",
  checkout: "/checkout/cart",
  "promotion-list": "/promotion",
  "promotion-detail": "/promotion/summer-sale",
  "coupon-list": "/coupon",
  "coupon-detail": "/coupon/welcome10",
  "custom-detail": "/custom/lookbook",
  "root-detail": "/root/contact",
  "auth-forget": "/auth/forget",
  "auth-reset-password": "/auth/reset-password",
  "auth-qr": "/auth/qr?ticket=tttttttttttttttttttttt",
  "auth-signin": "/auth/signin",
  "auth-signup": "/auth/signup",
  "auth-verify-email": "/auth/verify-email",
  "auth-verify-prompt": "/auth/verify-prompt",
  "user-center": "/user/center",
  "user-account": "/user/account",
  "user-address": "/user/address",
  "user-article": "/user/article",
  "user-favorite": "/user/favorite",
  "user-security": "/user/security",
  "user-security-activity": "/user/security/activity",
  "user-log": "/user/log",
  "user-info": "/user/info",
  "user-order": "/user/order",
  "user-order-detail": "/user/order/SO123456",
  "user-return": "/user/return",
  "user-return-detail": "/user/return/RT123456",
  "error-404": "/error/404",
  "error-500": "/error/500",
  "error-403": "/error/403",
  app: "/app/anything",
  "slug-detail": "/about",
};

// A database with one shopper, whom the user routes are rendered for.
function shopDatabase(): Db {
  const dir = mkdtempSync(join(tmpdir(), "page-data-"));
  dirs.push(dir);
  const db = openDatabase(dir);
  db.prepare(
    "INSERT INTO users (id, email, password_hash, first_name, last_name, nickname, created_at) VALUES (1, 'ann@example.com', 'x', 'Ann', 'Lee', 'Ann', 0)",
  ).run();
  return db;
}

const SHOPPER = { userId: 1 };

function pageService(errors: string[]) {
  const db = shopDatabase();
  return createPageService({
    store: loadStore(DEMO, schemas, Object.keys(registry)),
    db,
    registry,
    log: { error: (message) => errors.push(message) },
    stock: () => Object.assign(() => 3, { prime: () => {}, held: new Map<string, number>() }),
  });
}

describe("page data", { timeout: 60_000 }, () => {
  it("every built-in route resolves to data its page kind's schema accepts, and every section renders", async () => {
    const errors: string[] = [];
    const pages = pageService(errors);
    for (const name of ROUTE_NAMES) {
      const url = new URL(SAMPLES[name], "http://localhost");
      // render() throws a PageDataError when the data breaks its schema.
      const result = await pages.render({ pathname: url.pathname, query: url.searchParams, viewer: SHOPPER });
      expect(result.meta.route, SAMPLES[name]).toBe(name);
      expect(result.status, name).toBeLessThan(name === "error-500" ? 501 : 500);
    }
    // Also the 401 of every user page for a visitor, and an unknown address.
    for (const name of ROUTE_NAMES.filter((n) => n.startsWith("user-"))) {
      const url = new URL(SAMPLES[name], "http://localhost");
      expect((await pages.render({ pathname: url.pathname, query: url.searchParams, viewer: null })).status, name).toBe(401);
    }
    expect((await pages.render({ pathname: "/no/such/page", query: new URLSearchParams() })).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("a resolver answering data of the wrong shape fails, naming the route, the JSON pointer and the rule", () => {
    const wrongHref = {
      status: 200,
      template: "cart",
      page: {
        title: "Cart",
        checkoutHref: "//evil.example",
        shopHref: "/",
        cart: { items: [], count: 0, total: 0, currency: "USD" },
      },
    } as Resolved;
    expect(() => checkPageData("cart", wrongHref)).toThrow(PageDataError);
    expect(() => checkPageData("cart", wrongHref)).toThrow(
      'route cart: the page data does not match schemas/pages/cart.schema.json: /page/checkoutHref must match pattern "^/([^/\\\\]|$)" (rule pattern at #/pattern)',
    );
    const extra = {
      status: 200,
      template: "listing",
      page: { title: "T", heading: "T", products: [], total: 0, sorting: { action: "/c", selected: "featured" }, count: 3 },
    } as unknown as Resolved;
    expect(() => checkPageData("category-detail", extra)).toThrow(
      "route category-detail: the page data does not match schemas/pages/listing.schema.json: /page/count is not a known property (rule additionalProperties at #/additionalProperties)",
    );
    const roots = {
      $store: { name: "Demo", currency: "usd" },
      $route: { name: "home", params: {}, prefix: "en" },
      $layout: {
        home: "/",
        nav: [],
        search: "/search",
        cart: "/cart",
        account: "/user/center",
        favorites: "/user/favorite",
        journal: "/article",
        year: 2026,
        footer: [],
      },
    };
    expect(() => checkScopeRoots("home", roots)).toThrow(
      /^route home: the page data does not match schemas\/pages\/scope\.schema\.json: \/\$store\/currency must match pattern/,
    );
  });

  it("does not check in production", () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => checkPageData("cart", { status: 200, template: "cart", page: { title: "Cart" } } as Resolved)).not.toThrow();
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});

describe("template data paths", () => {
  const getSchema = (id: string) => {
    const path = id.startsWith(SCHEMA_BASE) ? id.slice(SCHEMA_BASE.length) : "";
    return schemas.has(path) ? (schemas.get(path).schema as Record<string, unknown>) : undefined;
  };
  const kinds = ["home", "listing", "product-detail"];

  it("accepts paths into the page data, list items, the route's parameters and the shared roots", () => {
    const template = {
      title: "{page.title} {$store.name}",
      sections: [
        {
          component: "X",
          when: "page.related",
          bind: { a: "page.detail.product.variants.0.sku", b: "$route.params.slug", c: "$layout.footer", d: "page" },
        },
      ],
    };
    expect(checkTemplatePaths(template, "product-detail", kinds, getSchema)).toEqual([]);
    // head and foot are rendered with any kind's data.
    expect(
      checkTemplatePaths(
        { sections: [{ component: "X", bind: { a: "page.heading", b: "page.detail.currency" } }] },
        "head",
        kinds,
        getSchema,
      ),
    ).toEqual([]);
  });

  it("names the nearest valid path, or the names there are", () => {
    const problems = checkTemplatePaths(
      {
        sections: [
          { component: "X", bind: { a: "page.product", b: "page.detail.product.nope", c: "$layout.yaer", d: "page.heading" } },
        ],
      },
      "product-detail",
      kinds,
      getSchema,
    );
    expect(problems.map((p) => [p.pointer, p.message.replace(/ \(.*\)$/, "")])).toEqual([
      ["/sections/0/bind/a", 'unknown data path "page.product"; did you mean "page.detail.product"?'],
      [
        "/sections/0/bind/b",
        'unknown data path "page.detail.product.nope"; "page.detail.product" has "slug", "title", "summary", "description", "images", "category", "score", "reviewCount", "variants"',
      ],
      ["/sections/0/bind/c", 'unknown data path "$layout.yaer"; did you mean "$layout.year"?'],
      // page.heading is listing data, not product-detail data.
      [
        "/sections/0/bind/d",
        'unknown data path "page.heading"; "page" has "id", "title", "description", "image", "canonical", "detail", "reviews", "related"',
      ],
    ]);
  });

  it("a template binding a path its page data does not have fails the store load, naming the file, the line and the nearest path", () => {
    const dir = mkdtempSync(join(tmpdir(), "page-data-"));
    dirs.push(dir);
    cpSync(DEMO, dir, { recursive: true });
    writeFileSync(join(dir, "templates/product-detail.json"), readFileSync(BAD_TEMPLATE, "utf8"));
    let error: unknown;
    try {
      loadStore(dir, schemas, Object.keys(registry));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StoreFileError);
    const { file, line, rule, message } = error as StoreFileError;
    expect(file).toMatch(/templates\/product-detail\.json$/);
    // The first wrong path of the file: the {placeholder} of the description, line 4.
    expect(line).toBe(4);
    expect(rule).toBe(
      '/description unknown data path "page.descripton" in the placeholder {page.descripton}; did you mean "page.description"? (page is the data of the product-detail page: schemas/pages/product-detail.schema.json)',
    );
    expect(message).toBe(`${file}:4: ${rule}`);
  });

  it("names the line of a wrong bind path", () => {
    const dir = mkdtempSync(join(tmpdir(), "page-data-"));
    dirs.push(dir);
    cpSync(DEMO, dir, { recursive: true });
    const path = join(dir, "templates/product-detail.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('"product": "page.detail.product"', '"product": "page.product"'));
    expect(() => loadStore(dir, schemas)).toThrow(
      /templates\/product-detail\.json:7: \/sections\/0\/bind\/product unknown data path "page\.product"; did you mean "page\.detail\.product"\?/,
    );
  });
});
