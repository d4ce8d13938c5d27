// @vitest-environment node
// First loads and page routes of every route kind of SPEC.md §2, under a few prefixes.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import validateInitialData from "../../../generated/validators/page/initial-data.js";
import validatePageRoute from "../../../generated/validators/page/page-route.js";
import { placeOrder } from "./orders-support";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
let token: string;
// The shopper's own order and return, for their detail pages ({order} and {return} in ROUTES).
const mine = { order: "", return: "" };
beforeAll(async () => {
  store = await startStore();
  token = (await signUp(store)).token;
  mine.order = await placeOrder(store, token, { sku: "LINSHI-SAN-M" });
  // Paid as the provider's webhook would mark it (the payment itself is orders-api.test.ts's subject).
  store.server.db.prepare("UPDATE orders SET pay_status = 'paid' WHERE order_no = ?").run(mine.order);
  const form = new FormData();
  form.append("orderNo", mine.order);
  form.append("applyType", "return_refund");
  form.append("applyDesc", "Too small");
  form.append("lines", JSON.stringify([{ sku: "LINSHI-SAN-M", quantity: 1 }]));
  const applied = await fetch(`${store.url}/api/web/return/apply`, { method: "POST", headers: { "x-auth": token }, body: form });
  mine.return = ((await applied.json()) as { data: { returnNo: string } }).data.returnNo;
}, START_TIMEOUT_MS);

const address = (path: string) => path.replace("{order}", mine.order).replace("{return}", mine.return);
afterAll(() => store.close(), START_TIMEOUT_MS);

const initialData = (html: string) =>
  JSON.parse(/<script id="__INITIAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);

// [path, status, route name, text the body shows]
const ROUTES: [string, number, string, string][] = [
  ["/", 200, "home", "Best sellers"],
  ["/search?q=linen", 200, "search", "Linen Shirt"],
  ["/cart", 200, "cart", "Your cart"],
  ["/tag", 200, "tag-list", "All tags"],
  ["/tag/new", 200, "tag-detail", "New"],
  ["/category/shirts", 200, "category-detail", "Shirts"],
  ["/brand/shoes", 200, "brand-detail", "Shoes"],
  ["/about", 200, "slug-detail", "About us"],
  ["/product/linen-shirt", 200, "product-detail", "Linen Shirt"],
  ["/article/caring-for-linen", 200, "article-detail", "Caring for linen"],
  ["/page/shipping", 200, "page-detail", "Shipping"],
  ["/collection/best-sellers", 200, "collection-detail", "Best sellers"],
  ["/inquiry/linen-shirt", 200, "inquiry-detail", "Request a quote"],
  ["/checkout/thankyou", 200, "checkout-thankyou", "Thank you for your order"],
  ["/checkout/cart", 200, "checkout", "Checkout"],
  ["/promotion", 200, "promotion-list", "Summer sale"],
  ["/promotion/summer-sale", 200, "promotion-detail", "Summer sale"],
  ["/coupon", 200, "coupon-list", "WELCOME10"],
  ["/coupon/welcome10", 200, "coupon-detail", "WELCOME10"],
  ["/custom/lookbook", 200, "custom-detail", "Lookbook"],
  ["/root/contact", 200, "root-detail", "Contact"],
  ["/auth/forget", 200, "auth-forget", "Forgot password"],
  ["/auth/reset-password", 200, "auth-reset-password", "Reset password"],
  ["/auth/signin?redirect=%2Fcart", 200, "auth-signin", "Sign in"],
  ["/auth/signup", 200, "auth-signup", "Create an account"],
  ["/auth/verify-email", 200, "auth-verify-email", "Verify your email"],
  ["/auth/verify-prompt", 200, "auth-verify-prompt", "Check your inbox"],
  ["/user/center", 200, "user-center", "My account"],
  ["/user/account", 200, "user-account", "Account settings"],
  ["/user/address", 200, "user-address", "Address book"],
  ["/user/article", 200, "user-article", "My articles"],
  ["/user/favorite", 200, "user-favorite", "Favorites"],
  ["/user/security", 200, "user-security", "Security"],
  ["/user/security/activity", 200, "user-security-activity", "Sign-in activity"],
  ["/user/log", 200, "user-log", "Activity log"],
  ["/user/info", 200, "user-info", "Profile"],
  ["/user/order", 200, "user-order", "My orders"],
  ["/user/order/{order}", 200, "user-order-detail", "Order details"],
  ["/user/return", 200, "user-return", "Returns"],
  ["/user/return/{return}", 200, "user-return-detail", "Return details"],
  ["/error/404", 404, "error-404", "Page not found"],
  ["/error/500", 500, "error-500", "Something went wrong"],
  ["/error/403", 403, "error-403", "Access denied"],
  ["/app/anything/here", 200, "app", "App"],
];

describe("documents", () => {
  it.each(ROUTES)("GET %s answers %i with the %s document", async (path, status, route, text) => {
    // A first load of the user area is rendered for the owner of the auth cookie.
    const response = await fetch(
      store.url + address(path),
      route.startsWith("user-") ? { headers: { cookie: `sf_auth=${token}` } } : {},
    );
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    const data = initialData(html);
    expect(validateInitialData(data), JSON.stringify(validateInitialData.errors)).toBe(true);
    expect(data.meta.status).toBe(status);
    expect(data.meta.route).toBe(route);
    expect(data.config.storeName).toBe("Demo Store");
    expect(html).toContain(text);
    expect(html).toMatch(/<main id="page-body"><div data-component="\w+" data-props="[^"]*"(?: data-persist="[\w-]+")? data-ssr/);
    expect(html).toContain('<div id="page-head"><div data-component="HeaderNotice"');
    expect(html).toContain('data-component="SiteFooter"');
  });

  it("fills the meta of a product page", async () => {
    const html = await (await fetch(`${store.url}/product/linen-shirt`)).text();
    expect(html).toContain("<title>Linen Shirt | Demo Store</title>");
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(`<link rel="canonical" href="${store.url}/product/linen-shirt">`);
    expect(html).toContain(`<meta property="og:image" content="${store.url}/media/linen-shirt.svg">`);
  });

  it("selects the variant named by the SKU in the URL", async () => {
    const html = await (await fetch(`${store.url}/product/linen-shirt/LINSHI-RUS-M`)).text();
    const data = initialData(html);
    expect(data.meta.status).toBe(200);
    expect(data.pageData.detail.selectedSku).toBe("LINSHI-RUS-M");
    expect(html).toMatch(/aria-current="true" data-sku="LINSHI-RUS-M"/);
    expect(html).toContain("SKU: LINSHI-RUS-M");
  });

  it.each([
    ["/product/no-such-product"],
    ["/product/linen-shirt/NO-SUCH-SKU"],
    ["/category/nothing"],
    ["/no-such-page"],
    ["/a/b/c/d"],
    ["/article/missing"],
    ["/zh/tag/missing"],
  ])("answers 404 with the error page for %s", async (path) => {
    const response = await fetch(store.url + path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(initialData(html).meta.status).toBe(404);
    expect(html).toContain('data-component="StatusMessage"');
  });

  it.each([
    ["zh", "zh-CN", "购物车"],
    ["zh-HK", "zh-HK", "購物車"],
    ["zh-TW", "zh-TW", "購物車"],
    ["de", "de", "Your cart"],
    ["ja", "ja", "Your cart"],
    ["fil", "fil", "Your cart"],
  ])("sets the language from the /%s prefix", async (prefix, lang, cart) => {
    const html = await (await fetch(`${store.url}/${prefix}/cart`)).text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(cart);
    // Links the server writes keep the prefix.
    expect(html).toContain(`href="/${prefix}/category/shirts"`);
  });

  it.each([
    ["zh", "zh-CN", "购物车"],
    ["zh-HK", "zh-HK", "購物車"],
  ])("answers an unknown address under /%s in that language", async (prefix, lang, cart) => {
    const response = await fetch(`${store.url}/${prefix}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(cart);
    expect(html).toContain(`href="/${prefix}/category/shirts"`);
    expect(html).not.toContain("Your cart");
  });

  it("serves a prefixed product and home page", async () => {
    expect((await fetch(`${store.url}/zh/product/linen-shirt`)).status).toBe(200);
    const home = await fetch(`${store.url}/zh-HK`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="zh-HK">');
  });
});

describe("page routes", () => {
  it.each(ROUTES)("GET %s?request=route answers %i with the page-route JSON", async (path, status, route) => {
    const joiner = path.includes("?") ? "&" : "?";
    // The user area needs a session on client navigation.
    const headers: Record<string, string> = route.startsWith("user-") ? { "x-auth": token } : {};
    const response = await fetch(`${store.url}${address(path)}${joiner}request=route&ua=test&referer=%2F&cookie=`, { headers });
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(validatePageRoute(body), JSON.stringify(validatePageRoute.errors)).toBe(true);
    expect(body.code).toBe(0);
    expect(body.data.meta.route).toBe(route);
    expect(body.data.pageBody).toContain("data-ssr");
    expect(body.data.pageHead).toContain("SiteHeader");
  });

  it.each([
    ["none", undefined],
    ["a wrong one", "x".repeat(43)],
  ])("answers a user-area page route with %s token with 401", async (_, bad) => {
    const response = await fetch(`${store.url}/zh/user/order?request=route`, { headers: bad ? { "x-auth": bad } : {} });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.data.meta.status).toBe(401);
    expect(body.data.pageBody).toContain("/zh/auth/signin?redirect=%2Fzh%2Fuser%2Forder");
  });

  it("leaves out the head and foot when the client hides them", async () => {
    const response = await fetch(`${store.url}/cart?request=route`, { headers: { "x-hide-head": "1", "x-hide-foot": "1" } });
    const body = await response.json();
    expect(body.data.pageHead).toBe("");
    expect(body.data.pageFoot).toBe("");
    expect(body.data.pageBody).not.toBe("");
  });

  it("answers 404 for an unknown product", async () => {
    const response = await fetch(`${store.url}/product/nope?request=route`);
    expect(response.status).toBe(404);
    expect((await response.json()).data.meta.status).toBe(404);
  });

  it("gives the selected variant in the page data", async () => {
    const body = await (await fetch(`${store.url}/zh/product/linen-shirt/LINSHI-RUS-M?request=route`)).json();
    expect(body.data.data.detail.selectedSku).toBe("LINSHI-RUS-M");
    expect(body.data.pageBody).toContain("货号：LINSHI-RUS-M");
  });
});

describe("headers and files", () => {
  it("sends a hash-based Content-Security-Policy without unsafe-eval, and the security headers", async () => {
    const response = await fetch(`${store.url}/`);
    const csp = response.headers.get("content-security-policy")!;
    const html = await response.text();
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("nonce-");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(html).toContain(`<script type="module" src="/assets/boot-`);
    // The theme's <style> runs by its hash (page-cache.test.ts checks the hash itself).
    expect(html).toContain(`<style id="theme-vars">`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // The same policy for every answer, so one cached body serves every visitor.
    const again = (await fetch(`${store.url}/`)).headers.get("content-security-policy");
    expect(again).toBe(csp);
  });

  it("sets no visitorId cookie on a document a shared cache may keep, but gives one to the first call", async () => {
    const response = await fetch(`${store.url}/`);
    expect(response.headers.get("cache-control")).toContain("public");
    expect(response.headers.get("set-cookie")).toBeNull();
    const call = await fetch(`${store.url}/api/web/visitor/track`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${store.url}/`, referer: "", timezone: "UTC" }),
    });
    const cookie = call.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^visitorId=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    // The call itself ran as that visitor: the id it hands the page is the cookie's.
    expect(((await call.json()) as { data: { visitorId: string } }).data.visitorId).toBe(/^visitorId=([^;]+)/.exec(cookie)![1]);
    const again = await fetch(`${store.url}/api/web/visitor/track`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "visitorId=abc" },
      body: JSON.stringify({ url: `${store.url}/`, referer: "", timezone: "UTC" }),
    });
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("compresses text with brotli or gzip", async () => {
    const { request } = await import("node:http");
    const body = await new Promise<{ encoding: string | undefined; buffer: Buffer }>((resolve, reject) => {
      const req = request(`${store.url}/`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], buffer: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(body.encoding).toBe("gzip");
    expect(gunzipSync(body.buffer).toString()).toContain("<!doctype html>");
    const br = await fetch(`${store.url}/`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
  });

  it("caches hashed assets for a year and serves product images", async () => {
    const html = await (await fetch(`${store.url}/`)).text();
    const boot = /src="(\/assets\/boot-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(store.url + boot);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const image = await fetch(`${store.url}/media/linen-shirt.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect((await fetch(`${store.url}/assets/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${store.url}/assets/missing-ABCDEFGH.js`)).status).toBe(404);
  });

  it("answers an unknown API call with a 404 envelope", async () => {
    const response = await fetch(`${store.url}/api/web/nothing/here`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(404);
  });
});
