import { describe, expect, it } from "vitest";
import { splitPrefix, withPrefix } from "../../src/shared/language-prefix";
import { PREFIXES } from "../../src/shared/languages";
import { createRouteTable, isPrivateRoute, matchPath, routeDefs } from "../../src/shared/routes";

const table = createRouteTable();
const nameOf = (path: string, t = table) => matchPath(t, path)?.name ?? null;

describe("route table: the routes of SPEC.md §2", () => {
  it.each([
    ["/", "home"],
    ["/search", "search"],
    ["/cart", "cart"],
    ["/tag", "tag-list"],
    ["/tag/summer", "tag-detail"],
    ["/category/shirts", "category-detail"],
    ["/linen-shirt", "slug-detail"],
    ["/product/linen-shirt", "product-detail"],
    ["/product/linen-shirt/LS-42", "product-sku"],
    ["/article", "article-list"],
    ["/article/", "article-list"],
    ["/article/news", "article-detail"],
    ["/page/about", "page-detail"],
    ["/collection/new", "collection-detail"],
    ["/inquiry/bulk", "inquiry-detail"],
    ["/checkout/thankyou", "checkout-thankyou"],
    ["/checkout/c-1", "checkout"],
    ["/promotion", "promotion-list"],
    ["/promotion/spring", "promotion-detail"],
    ["/coupon", "coupon-list"],
    ["/coupon/ten", "coupon-detail"],
    ["/custom/landing", "custom-detail"],
    ["/root/landing", "root-detail"],
    ["/auth/forget", "auth-forget"],
    ["/auth/reset-password", "auth-reset-password"],
    ["/auth/signin", "auth-signin"],
    ["/auth/signup", "auth-signup"],
    ["/auth/verify-email", "auth-verify-email"],
    ["/auth/verify-prompt", "auth-verify-prompt"],
    ["/user/center", "user-center"],
    ["/user/account", "user-account"],
    ["/user/address", "user-address"],
    ["/user/article", "user-article"],
    ["/user/favorite", "user-favorite"],
    ["/user/security", "user-security"],
    ["/user/security/activity", "user-security-activity"],
    ["/user/log", "user-log"],
    ["/user/info", "user-info"],
    ["/user/order", "user-order"],
    ["/user/order/SO-1", "user-order-detail"],
    ["/user/return", "user-return"],
    ["/user/return/R-1", "user-return-detail"],
    ["/error/404", "error-404"],
    ["/error/500", "error-500"],
    ["/error/403", "error-403"],
    ["/app/anything/deep", "app"],
  ])("%s is %s", (path, name) => {
    expect(nameOf(path)).toBe(name);
  });

  it("answers no route for unknown deeper paths", () => {
    expect(nameOf("/product/a/b/c")).toBeNull();
    expect(nameOf("/nothing/here")).toBeNull();
  });

  it("gives params, decoded", () => {
    expect(matchPath(table, "/product/caf%C3%A9/S%201")?.params).toEqual({ slug: "café", sku: "S 1" });
    expect(matchPath(table, "/product/bad%E0")?.params).toEqual({ slug: "bad%E0" });
    expect(matchPath(table, "/app/a/b")?.params).toMatchObject({ "*": "a/b" });
  });

  it("accepts a trailing slash as wouter does", () => {
    expect(nameOf("/cart/")).toBe("cart");
  });
});

describe("route table: language prefixes", () => {
  it.each(PREFIXES.map((p) => [p]))("every route answers under /%s", (prefix) => {
    expect(matchPath(table, `/${prefix}`)).toMatchObject({ name: "home", prefix, path: "/" });
    expect(matchPath(table, `/${prefix}/`)).toMatchObject({ name: "home", prefix });
    expect(matchPath(table, `/${prefix}/product/x/y`)).toMatchObject({
      name: "product-sku",
      prefix,
      path: "/product/x/y",
      params: { slug: "x", sku: "y" },
    });
    expect(matchPath(table, `/${prefix}/user/order/1`)).toMatchObject({ name: "user-order-detail", prefix });
    expect(matchPath(table, `/${prefix}/some-slug`)).toMatchObject({
      name: "slug-detail",
      prefix,
      params: { slug: "some-slug" },
    });
  });

  it("sets the language of the prefix", () => {
    expect(matchPath(table, "/zh/cart")?.language).toMatchObject({ prefix: "zh", messages: "zh", locale: "zh-CN" });
    expect(matchPath(table, "/zh-TW/cart")?.language.messages).toBe("zh-HK");
    expect(matchPath(table, "/ja/cart")?.language).toMatchObject({ prefix: "ja", messages: "en", locale: "ja" });
    expect(matchPath(table, "/cart")).toMatchObject({ prefix: null, language: { prefix: "en" } });
  });

  it("reads a prefix in any case, and keeps its canonical spelling", () => {
    expect(splitPrefix("/zh-hk/cart")).toMatchObject({ prefix: "zh-HK", path: "/cart" });
    expect(withPrefix("zh-HK", "/")).toBe("/zh-HK");
    expect(withPrefix(null, "/cart")).toBe("/cart");
  });
});

describe("route table: router config overrides", () => {
  const custom = createRouteTable({
    isCustom: true,
    productRule: "/p/:slug",
    articleRule: "/blog/:slug",
    categoryRule: "/c/:slug",
    collectionRule: "/col/:slug",
    pageRule: "/info/:slug",
    tagRule: "/t/:slug",
    appRule: "/spa/*",
    categories: [
      { path: "/brand/:slug", types: ["brand"] },
      { path: "/series/:slug", types: ["series", "line"] },
    ],
    userPath: "account",
  });

  it.each([
    ["/p/linen", "product-detail"],
    ["/p/linen/LS-1", "product-sku"],
    ["/blog/news", "article-detail"],
    ["/c/shirts", "category-detail"],
    ["/col/new", "collection-detail"],
    ["/info/about", "page-detail"],
    ["/t/summer", "tag-detail"],
    ["/spa/x/y", "app"],
    ["/brand/acme", "brand-detail"],
    ["/series/one", "series-detail"],
    ["/account/center", "user-center"],
    ["/account/order/7", "user-order-detail"],
    ["/de/account/security/activity", "user-security-activity"],
    ["/zh/brand/acme", "brand-detail"],
  ])("%s is %s", (path, name) => {
    expect(nameOf(path, custom)).toBe(name);
  });

  it("no longer answers the replaced patterns with their old names", () => {
    expect(nameOf("/product/linen/LS-1", custom)).toBeNull();
    expect(nameOf("/user/center", custom)).toBeNull();
    expect(nameOf("/product/linen", custom)).toBeNull();
    expect(nameOf("/app/x", custom)).toBeNull();
  });

  it("names a second type of the same path after the first", () => {
    expect(custom.routes.filter((r) => r.pattern === "/series/:slug").map((r) => r.name)).toEqual([
      "series-detail",
      "line-detail",
    ]);
  });

  it("keeps the journal at /article when the article rule moves or is as broad as /:slug", () => {
    expect(nameOf("/article", custom)).toBe("article-list");
    expect(nameOf("/blog/news", custom)).toBe("article-detail");
    const broad = createRouteTable({ articleRule: "/:slug" });
    expect(nameOf("/article", broad)).toBe("article-list");
    expect(nameOf("/caring-for-linen", broad)).toBe("article-detail");
    expect(nameOf("/zh/article", broad)).toBe("article-list");
  });

  it("keeps fixed routes ahead of a rule as broad as /:slug", () => {
    const broad = createRouteTable({ productRule: "/:slug" });
    expect(nameOf("/cart", broad)).toBe("cart");
    expect(nameOf("/linen", broad)).toBe("product-detail");
    expect(nameOf("/linen/LS-1", broad)).toBe("product-sku");
  });
});

describe("private routes", () => {
  it("are the user area, the cart and checkout", () => {
    expect(isPrivateRoute("user-order-detail")).toBe(true);
    expect(isPrivateRoute("cart")).toBe(true);
    expect(isPrivateRoute("checkout")).toBe(true);
    expect(isPrivateRoute("checkout-thankyou")).toBe(true);
    expect(isPrivateRoute("product-detail")).toBe(false);
  });
});

describe("the built-in routes of the page kinds", () => {
  it("give the table of SPEC.md §2 with the default rules", () => {
    const patterns = Object.fromEntries(routeDefs().map((def) => [def.name, def.pattern]));
    expect(patterns).toEqual({
      home: "/",
      search: "/search",
      cart: "/cart",
      "tag-list": "/tag",
      "tag-detail": "/tag/:slug",
      "category-detail": "/category/:slug",
      "product-detail": "/product/:slug",
      "product-sku": "/product/:slug/:sku",
      // Beyond SPEC.md §2: the journal, the list of articles (issue #14).
      "article-list": "/article",
      "article-detail": "/article/:slug",
      "page-detail": "/page/:slug",
      "collection-detail": "/collection/:slug",
      "inquiry-detail": "/inquiry/:slug",
      // SPEC.md's "inquiry feedback" screen, under inquiry/{slug}.
      "inquiry-feedback": "/inquiry/feedback",
      "checkout-thankyou": "/checkout/thankyou",
      checkout: "/checkout/:slug",
      "promotion-list": "/promotion",
      "promotion-detail": "/promotion/:slug",
      "coupon-list": "/coupon",
      "coupon-detail": "/coupon/:slug",
      "custom-detail": "/custom/:slug",
      "root-detail": "/root/:slug",
      "auth-forget": "/auth/forget",
      "auth-reset-password": "/auth/reset-password",
      // Beyond SPEC.md §2: the confirm address of QR sign-in (issue #13).
      "auth-qr": "/auth/qr",
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
      "user-log": "/user/log",
      "user-info": "/user/info",
      "user-order": "/user/order",
      "user-return": "/user/return",
      "user-security-activity": "/user/security/activity",
      "user-order-detail": "/user/order/:slug",
      "user-return-detail": "/user/return/:slug",
      "error-404": "/error/404",
      "error-500": "/error/500",
      "error-403": "/error/403",
      app: "/app/*",
      "slug-detail": "/:slug",
    });
  });

  it("put the config's rules and user path in, dropping a rule's final wildcard before more path", () => {
    const patterns = Object.fromEntries(
      routeDefs({ productRule: "/p/*", userPath: "account" }).map((def) => [def.name, def.pattern]),
    );
    expect(patterns["product-detail"]).toBe("/p/*");
    expect(patterns["product-sku"]).toBe("/p/:sku");
    expect(patterns["user-order-detail"]).toBe("/account/order/:slug");
  });

  it("keep the catch-all after the config's categories", () => {
    const names = routeDefs({ categories: [{ path: "/brand/:slug", types: ["brand"] }] }).map((def) => def.name);
    expect(names.slice(-2)).toEqual(["brand-detail", "slug-detail"]);
  });
});
