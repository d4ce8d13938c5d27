// @vitest-environment node
// The promotion and coupon pages of the reference server, on a fixed clock (29 December
// 2027, 21:30:15 UTC): the list in order of state, a running promotion with its countdown,
// one ended and one to come, the coupons not expired, and a coupon's page with its rules,
// products and claim.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

const NOW = Date.parse("2027-12-29T21:30:15Z");

let store: TestStore;
beforeAll(async () => {
  store = await startStore({ clock: () => NOW });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${store.url}${path}`);
  return { status: response.status, html: await response.text() };
}

const decodeHtml = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The props of the first island of a component in the page. */
function propsOf(html: string, component: string): Record<string, unknown> | null {
  const match = new RegExp(`data-component="${component}" data-props="([^"]*)"`).exec(html);
  return match ? JSON.parse(decodeHtml(match[1]!)) : null;
}

describe("promotions", () => {
  it("lists those on now, then those to come, then those ended, each with its dates and state", async () => {
    const { status, html } = await page("/promotion");
    expect(status).toBe(200);
    const { promotions } = propsOf(html, "PromotionList") as { promotions: { slug: string; state: string }[] };
    expect(promotions.map((p) => [p.slug, p.state])).toEqual([
      ["kitchen-week", "running"],
      ["home-for-winter", "upcoming"],
      ["back-to-desk", "ended"],
      ["summer-sale", "ended"],
      ["spring-refresh", "ended"],
    ]);
    expect(html).toContain('<a href="/promotion/kitchen-week">Kitchen week</a>');
    expect(html).toContain('<time dateTime="2026-01-01">January 1, 2026</time> to <time dateTime="2027-12-31">');
    expect(html).toContain("Coming soon");
  });

  it("counts down a running promotion from the server's clock and shows its products", async () => {
    const { status, html } = await page("/promotion/kitchen-week");
    expect(status).toBe(200);
    expect(propsOf(html, "PromotionCountdown")).toEqual({ endsAt: "2028-01-01T00:00:00.000Z", renderedAt: NOW });
    // Two days, two hours, 29 minutes and 45 seconds left, written by the server.
    expect(html).toContain("2 days 02:29:45");
    expect(html).toMatch(/Ends on <time dateTime="2027-12-31">December 31, 2027<\/time>/);
    const grid = propsOf(html, "ProductGrid") as { title: string; products: { slug: string }[]; headingLevel: number };
    expect(grid.title).toBe("Products in this promotion");
    expect(grid.headingLevel).toBe(2);
    expect(grid.products.map((p) => p.slug)).toContain("enamel-mug");
  });

  it("says that an ended promotion has ended, and when one to come starts, without a countdown", async () => {
    const ended = await page("/promotion/spring-refresh");
    expect(ended.status).toBe(200);
    expect(ended.html).toContain("This promotion has ended.");
    expect(propsOf(ended.html, "PromotionCountdown")).toBeNull();
    const coming = await page("/promotion/home-for-winter");
    expect(coming.html).toMatch(/Starts on <time dateTime="2030-01-01">January 1, 2030<\/time>/);
    expect(propsOf(coming.html, "PromotionCountdown")).toBeNull();
    expect((await page("/zh/promotion/spring-refresh")).html).toContain("本活动已结束。");
    expect((await page("/zh-HK/promotion/spring-refresh")).html).toContain("本活動已結束。");
  });

  it("answers 404 for an unknown promotion or a page past its products", async () => {
    expect((await page("/promotion/nope")).status).toBe(404);
    expect((await page("/promotion/kitchen-week?page=9")).status).toBe(404);
  });
});

describe("coupons", () => {
  it("lists the coupons that have not expired, with value, code, minimum spend and validity", async () => {
    const { status, html } = await page("/coupon");
    expect(status).toBe(200);
    const { coupons } = propsOf(html, "CouponList") as { coupons: { code: string }[] };
    expect(coupons.map((c) => c.code)).toEqual(["WELCOME10", "SAVE15", "FREESHIP", "OUTDOOR20"]);
    expect(html).toContain("$15.00 off");
    expect(html).toContain("On orders of $100.00 or more");
    expect(html).toContain("When the products it applies to come to $50.00 or more");
    expect(html).toContain('Valid until <time dateTime="2030-12-31">December 31, 2030</time>');
    expect(html).not.toContain("EXPIRED5");
  });

  it("shows a coupon's rules, the products it applies to and its terms, and the claim", async () => {
    const { html } = await page("/coupon/outdoor20");
    expect(html).toContain("20% off");
    expect(html).toContain('<a href="/product/hammock">Hammock</a>');
    expect(html).toContain("other items keep their price");
    expect(propsOf(html, "CouponClaim")).toEqual({
      code: "OUTDOOR20",
      expired: false,
      signInHref: "/auth/signin?redirect=%2Fcoupon%2Foutdoor20",
      accountHref: "/user/center",
    });
    // Visitors are offered the sign-in that comes back here.
    expect(html).toContain("Sign in to claim");
    const welcome = (await page("/coupon/welcome10")).html;
    expect(welcome).toContain("once per account and on your first order only");
    expect(welcome).toContain("Every product");
  });

  it("still answers for an expired coupon, saying so, with nothing to claim", async () => {
    const { status, html } = await page("/coupon/expired5");
    expect(status).toBe(200);
    expect(html).toContain("This coupon has expired.");
    expect(html).toContain("This coupon has expired and can no longer be claimed.");
    expect(html).not.toContain("Sign in to claim");
    expect((await page("/zh/coupon/expired5")).html).toContain("此优惠券已过期，无法再领取。");
  });
});
