import { describe, expect, it, vi } from "vitest";
import { fetchPage, type PageRequestContext, pageRouteRequest, statusRedirect } from "../../../src/runtime/router/page-fetch";

const origin = "https://shop.test";
const ctx: PageRequestContext = {
  userAgent: "Mozilla/5.0 (X11) Test&Co",
  referrer: `${origin}/a?b=1&c=2`,
  cookie: "theme=dark; lang=zh",
  token: null,
  hideHead: false,
  hideFoot: false,
};
const page = {
  code: 0,
  msg: "",
  data: { data: null, theme: { config: {} }, pageBody: "<h1>x</h1>", pageHead: "", pageFoot: "", meta: { title: "X" } },
};

describe("page-route request", () => {
  it("adds the markers, each value URI-encoded, after the page's own query", () => {
    const { href } = pageRouteRequest(new URL(`${origin}/search?q=a%20b#top`), ctx);
    expect(href).toBe(
      `/search?q=a%20b&request=route&ua=${encodeURIComponent(ctx.userAgent)}&referer=${encodeURIComponent(ctx.referrer)}&cookie=${encodeURIComponent(ctx.cookie)}`,
    );
  });

  it("carries no credential in the cookie marker: not the auth, session or visitor cookie, nor another script's token", () => {
    const cookie = "visitorId=v1; sf_auth=secret-1; theme=dark; sf_session=secret-2; app_token=secret-3; PHPSESSID=secret-4";
    const { href } = pageRouteRequest(new URL(`${origin}/`), { ...ctx, cookie });
    expect(href).not.toMatch(/secret|visitorId|v1/);
    expect(new URL(href, origin).searchParams.get("cookie")).toBe("theme=dark");
  });

  it("sends x-auth, x-hide-head and x-hide-foot only when they apply", () => {
    expect(pageRouteRequest(new URL(`${origin}/`), ctx).init.headers).toEqual({ accept: "application/json" });
    const headers = pageRouteRequest(new URL(`${origin}/`), { ...ctx, token: "t1", hideHead: true, hideFoot: true }, "prefetch")
      .init.headers;
    expect(headers).toEqual({
      accept: "application/json",
      "x-auth": "t1",
      "x-hide-head": "1",
      "x-hide-foot": "1",
      "x-sec-purpose": "prefetch",
    });
  });
});

describe("status redirects", () => {
  const target = new URL(`${origin}/fr/user/order/7?x=1#items`);
  it.each([
    [404, "/fr/error/404"],
    [500, "/fr/error/500"],
    [403, "/fr/error/403"],
    [401, `/fr/auth/signin?redirect=${encodeURIComponent("/fr/user/order/7?x=1#items")}`],
    [200, null],
    [502, null],
  ])("HTTP %i -> %s", (status, to) => {
    expect(statusRedirect(status, target)).toBe(to);
  });
});

describe("fetchPage", () => {
  const validator = () => import("../../../generated/validators/page/page-route.js");

  it("asks for low priority only when prefetching", async () => {
    const fetch = vi.fn(async () => Response.json(page));
    await fetchPage(fetch, new URL(`${origin}/cart`), ctx, { purpose: "prefetch", loadValidator: validator });
    await fetchPage(fetch, new URL(`${origin}/cart`), ctx, { loadValidator: validator });
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ priority: "low" });
    expect((fetch.mock.calls[1] as unknown[])[1]).not.toHaveProperty("priority");
  });

  it("takes the address the server redirected to, without the markers", async () => {
    const response = Response.json(page);
    Object.defineProperty(response, "redirected", { value: true });
    Object.defineProperty(response, "url", { value: `${origin}/product/new-slug?v=2&request=route&ua=x&referer=y&cookie=z` });
    const outcome = await fetchPage(async () => response, new URL(`${origin}/product/old-slug#reviews`), ctx, {
      loadValidator: validator,
    });
    expect(outcome.kind === "page" && outcome.url.href).toBe(`${origin}/product/new-slug?v=2#reviews`);
  });

  it("names the failing rule when the answer breaks the schema", async () => {
    const outcome = await fetchPage(
      async () => Response.json({ ...page, data: { ...page.data, meta: {} } }),
      new URL(`${origin}/`),
      ctx,
      {
        loadValidator: validator,
      },
    );
    expect(outcome).toMatchObject({ kind: "failed" });
    expect(outcome.kind === "failed" && outcome.reason).toContain("/data/meta/title is required");
  });

  it("reports a validator that cannot load as a failure, not a crash", async () => {
    const outcome = await fetchPage(async () => Response.json(page), new URL(`${origin}/`), ctx, {
      loadValidator: () => Promise.reject(new Error("chunk failed")),
    });
    expect(outcome).toMatchObject({ kind: "failed" });
  });
});

// A production page trusts its server (which checks page data in development and tests): no
// validator chunk, only the parts the router reads.
describe("fetchPage in a production build", () => {
  const answer = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200 });

  it("takes a well-shaped answer without loading the validator, and refuses a broken one", async () => {
    vi.stubGlobal("__DEV__", false);
    vi.resetModules();
    try {
      const { fetchPage: productionFetch } = await import("../../../src/runtime/router/page-fetch");
      const target = new URL(`${origin}/cart`);
      expect(await productionFetch(answer(page), target, ctx)).toMatchObject({ kind: "page", page: page.data });
      const noBody = { ...page, data: { ...page.data, pageBody: undefined } };
      expect(await productionFetch(answer(noBody), target, ctx)).toEqual({
        kind: "failed",
        reason: "the answer /data/pageBody must be string",
      });
      expect(await productionFetch(answer([]), target, ctx)).toMatchObject({ kind: "failed" });
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
