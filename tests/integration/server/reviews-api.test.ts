// @vitest-environment node
// Reviews by buyers against a real server (issue 14): a shopper reviews a product once per
// line of an order that arrived; every other attempt is refused with a reason the browser
// translates. Also the list (sorts, pages, statistics), the photos served back, the product
// page's data, the order lines that can be reviewed, /dev/orders' delivery, and the quick view.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payOrder, placeOrder } from "./orders-support";
import { type Envelope, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

// Flannel shirt: 39 units of Sand / M, 11 of Sand / L.
const PRODUCT = "flannel-shirt";
const SKU = "FLASHI-SAN-M";
const OTHER_SKU = "FLASHI-SAN-L";

// A 1×1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d6a4a20000000049454e44ae426082",
  "hex",
);

async function review(
  token: string | undefined,
  fields: Record<string, string>,
  photos: { data: Buffer; name?: string; type?: string }[] = [],
): Promise<Envelope & { reason?: { id: string } }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [i, p] of photos.entries())
    form.append("photos", new Blob([new Uint8Array(p.data)], { type: p.type ?? "image/png" }), p.name ?? `photo-${i}.png`);
  const response = await fetch(`${store.url}/api/web/review/add`, {
    method: "POST",
    headers: token ? { "x-auth": token } : {},
    body: form,
  });
  return { status: response.status, ...((await response.json()) as Omit<Envelope, "status">) };
}

/** The merchant's back office, as its form posts. */
async function merchant(path: string, fields: Record<string, string> = {}) {
  const answer = await fetch(`${store.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
}

/** An order of `sku`, paid, shipped and marked delivered at /dev/orders: completed. */
async function receivedOrder(token: string, sku = SKU): Promise<string> {
  const orderNo = await placeOrder(store, token, { sku });
  await payOrder(store, token, orderNo);
  await merchant(`/dev/orders/${orderNo}/ship`, { expressName: "SF Express", expressNo: `SF${orderNo}` });
  await merchant(`/dev/orders/${orderNo}/deliver`);
  return orderNo;
}

const VALID = { productSlug: PRODUCT, score: "4", title: "Warm", body: "Soft flannel, true to size." };

function expectRefusal(answer: Envelope & { reason?: { id: string } }, reason: string, msg: string) {
  expect(answer).toMatchObject({ status: 200, code: 41, msg, reason: { id: reason } });
}

describe("who may review", () => {
  it("refuses a visitor, and a shopper who did not buy the product", async () => {
    expect((await review(undefined, VALID)).code).toBe(50);
    const { token } = await signUp(store);
    expectRefusal(await review(token, VALID), "review.reason.notBought", "Only customers who bought this product can review it.");
    // Another product of theirs does not count either.
    await receivedOrder(token, "COTRUG-WHI");
    expectRefusal(await review(token, VALID), "review.reason.notBought", "Only customers who bought this product can review it.");
  });

  it("refuses until the order has arrived: placed, paid, shipped", async () => {
    const { token } = await signUp(store);
    const orderNo = await placeOrder(store, token, { sku: SKU });
    const waiting = "You can review this product once your order has arrived.";
    expectRefusal(await review(token, VALID), "review.reason.notReceived", waiting);
    await payOrder(store, token, orderNo);
    expectRefusal(await review(token, VALID), "review.reason.notReceived", waiting);
    await merchant(`/dev/orders/${orderNo}/ship`, { expressName: "SF Express", expressNo: "SF1" });
    expectRefusal(await review(token, VALID), "review.reason.notReceived", waiting);
    const eligible = await store.post("review/eligible", { productSlug: PRODUCT }, { token });
    expect(eligible.data.lines).toEqual([expect.objectContaining({ orderNo, state: "awaiting", variantTitle: "Sand / M" })]);
    await merchant(`/dev/orders/${orderNo}/deliver`);
    expect((await store.post("order/detail", { orderNo }, { token })).data.status).toBe("completed");
    expect((await review(token, VALID)).code).toBe(0);
  });

  it("a cancelled order never counts", async () => {
    const { token } = await signUp(store);
    const orderNo = await placeOrder(store, token, { sku: SKU });
    await store.post("order/cancel", { orderNo }, { token });
    expectRefusal(await review(token, VALID), "review.reason.notBought", "Only customers who bought this product can review it.");
  });

  it("takes one review per order line: the same line twice is refused, another order's line is a new review", async () => {
    const { token } = await signUp(store);
    const first = await receivedOrder(token);
    const [line] = (await store.post("review/eligible", { orderNo: first }, { token })).data.lines;
    expect(line).toMatchObject({ productSlug: PRODUCT, state: "open" });
    const added = await review(token, { ...VALID, lineId: line.lineId });
    expect(added.code).toBe(0);
    expect(added.data.review).toMatchObject({ score: 4, title: "Warm", verified: true, variantTitle: "Sand / M", photos: [] });
    const twice = "You have already reviewed this purchase.";
    expectRefusal(await review(token, { ...VALID, lineId: line.lineId }), "review.reason.alreadyReviewed", twice);
    expectRefusal(await review(token, VALID), "review.reason.alreadyReviewed", twice);
    // A second purchase (another variant) is a second line to review; without lineId it is the one chosen.
    await receivedOrder(token, OTHER_SKU);
    const second = await review(token, { ...VALID, score: "5" });
    expect(second.data.review).toMatchObject({ score: 5, variantTitle: "Sand / L" });
    const lines = (await store.post("review/eligible", { productSlug: PRODUCT }, { token })).data.lines;
    expect(lines.map((l: { state: string }) => l.state)).toEqual(["reviewed", "reviewed"]);
    // Someone else's line is not theirs to review.
    const other = await signUp(store);
    expectRefusal(
      await review(other.token, { ...VALID, lineId: line.lineId }),
      "review.reason.notBought",
      "Only customers who bought this product can review it.",
    );
  });
});

describe("what a review holds", () => {
  // One buyer whose flannel shirt arrived, made by the first test that needs it (payOrder polls inside a test).
  let buyer: Promise<string> | undefined;
  let token: string;
  beforeEach(async () => {
    buyer ??= signUp(store).then(async ({ token }) => {
      await receivedOrder(token);
      return token;
    });
    token = await buyer;
  });

  it("refuses a rating that is not 1 to 5 stars, or none", async () => {
    for (const score of ["0", "6", "4.5", "x", ""]) {
      expectRefusal(await review(token, { ...VALID, score }), "review.reason.score", "Choose a rating from 1 to 5 stars.");
    }
    const { score: _, ...none } = VALID;
    expectRefusal(await review(token, none), "review.reason.score", "Choose a rating from 1 to 5 stars.");
  });

  it("refuses an empty text, a title over 120 and a text over 2000 characters", async () => {
    expect((await review(token, { ...VALID, body: "   " })).reason).toEqual({ id: "review.reason.body" });
    expect((await review(token, { ...VALID, body: "x".repeat(2001) })).reason).toEqual({ id: "review.reason.body" });
    expectRefusal(
      await review(token, { ...VALID, title: "t".repeat(121) }),
      "review.reason.title",
      "The title must be at most 120 characters.",
    );
  });

  it("refuses more than 3 photos", async () => {
    const four = Array.from({ length: 4 }, () => ({ data: PNG }));
    expectRefusal(await review(token, VALID, four), "review.reason.photoCount", "Choose at most 3 photos.");
  });

  it("refuses a photo over 2 MB", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expectRefusal(await review(token, VALID, [{ data: big }]), "review.reason.photoSize", "Each photo must be at most 2 MB.");
  });

  it("refuses a file that is not an image by its bytes, whatever its name and type", async () => {
    const page = { data: Buffer.from("<html><script>alert(1)</script></html>"), name: "me.png", type: "image/png" };
    expectRefusal(await review(token, VALID, [page]), "review.reason.photoType", "Photos must be PNG, JPEG or WebP images.");
  });

  it("refuses unknown fields and an unknown product", async () => {
    expect((await review(token, { ...VALID, extra: "1" })).status).toBe(400);
    expectRefusal(
      await review(token, { ...VALID, productSlug: "no-such-thing" }),
      "review.reason.product",
      "This product is no longer available.",
    );
  });

  it("keeps up to 3 photos and serves them as images", async () => {
    const nothingStored = await store.post("review/list", { productSlug: PRODUCT, pageSize: 50 });
    const added = await review(token, VALID, [{ data: PNG }, { data: PNG }, { data: PNG }]);
    expect(added.code).toBe(0);
    const photos: string[] = added.data.review.photos;
    expect(photos).toHaveLength(3);
    for (const src of photos) {
      expect(src).toMatch(/^\/media\/reviews\/[0-9a-f]{32}\.png$/);
      const served = await fetch(store.url + src);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    }
    const after = await store.post("review/list", { productSlug: PRODUCT, pageSize: 50 });
    expect(after.data.total).toBe(nothingStored.data.total + 1);
  });
});

describe("the list and the statistics", () => {
  it("sorts newest, highest or lowest first, in pages, with the count per star", async () => {
    const slug = "cashmere-crewneck";
    const before = (await store.post("review/list", { productSlug: slug })).data;
    const scores = [2, 5, 3];
    for (const score of scores) {
      const { token } = await signUp(store);
      await receivedOrder(token, "CASCRE-SAN-M");
      expect((await review(token, { productSlug: slug, score: String(score), body: `Gave ${score}` })).code).toBe(0);
    }
    const newest = (await store.post("review/list", { productSlug: slug, sort: "newest", pageSize: 3 })).data;
    expect(newest.items.map((r: { body: string }) => r.body)).toEqual(["Gave 3", "Gave 5", "Gave 2"]);
    const total = before.summary.count + 3;
    expect(newest.total).toBe(total);
    expect(newest.summary.count).toBe(total);
    const stars = [...before.summary.stars];
    for (const s of scores) stars[s - 1] += 1;
    expect(newest.summary.stars).toEqual(stars);
    const sum = stars.reduce((a: number, n: number, i: number) => a + n * (i + 1), 0);
    expect(newest.summary.average).toBeCloseTo(Math.round((sum / total) * 10) / 10, 5);

    const all = async (sort: string) => {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 2); page++) {
        const answer = (await store.post("review/list", { productSlug: slug, sort, page, pageSize: 2 })).data;
        seen.push(...answer.items.map((r: { score: number }) => r.score));
      }
      return seen;
    };
    const highest = await all("highest");
    expect(highest).toHaveLength(total);
    expect(highest).toEqual([...highest].sort((a, b) => b - a));
    const lowest = await all("lowest");
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    expect((await store.post("review/list", { productSlug: slug, page: 99 })).data.items).toEqual([]);
    expect((await store.post("review/list", { productSlug: slug, sort: "random" })).status).toBe(400);
  });

  it("orders a best-rated listing by scores that count buyers' reviews", async () => {
    type Card = { slug: string; score?: number; reviewCount?: number };
    const listing = async () =>
      (await (await fetch(`${store.url}/category/shirts?sort=rating&request=route`)).json()).data.data.products as Card[];
    const before = (await listing()).find((p) => p.slug === PRODUCT);
    expect(before).toBeDefined();
    const { token } = await signUp(store);
    await receivedOrder(token, OTHER_SKU);
    expect((await review(token, { productSlug: PRODUCT, score: "5", body: "Warmest shirt I own." })).code).toBe(0);
    const after = await listing();
    const mine = after.find((p) => p.slug === PRODUCT)!;
    expect(mine.reviewCount).toBe((before!.reviewCount ?? 0) + 1);
    expect(mine.score).toBeGreaterThan(before!.score ?? 0);
    const scores = after.map((p) => p.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("the product page carries the new statistics and review at once", async () => {
    const { token } = await signUp(store);
    await receivedOrder(token, "ESP-BLA-S");
    const route = async () =>
      (await (await fetch(`${store.url}/product/espadrille?request=route`)).json()).data.data as {
        detail: { product: { reviewCount: number; score?: number } };
        reviews: { summary: { count: number }; reviews: { body: string }[] };
      };
    const before = await route();
    expect((await review(token, { productSlug: "espadrille", score: "1", body: "Fell apart in a week." })).code).toBe(0);
    const after = await route();
    expect(after.reviews.summary.count).toBe(before.reviews.summary.count + 1);
    expect(after.detail.product.reviewCount).toBe(before.detail.product.reviewCount + 1);
    expect(after.reviews.reviews[0]!.body).toBe("Fell apart in a week.");
  });
});

describe("the reviews section in each language", () => {
  it("renders the summary's words in the page's language", async () => {
    const en = await (await fetch(`${store.url}/product/linen-shirt`)).text();
    expect(en).toContain("Reviews by rating");
    expect(en).toMatch(/4 stars: \d+ reviews?/);
    const zh = await (await fetch(`${store.url}/zh/product/linen-shirt`)).text();
    expect(zh).toContain("各星级评价");
    expect(zh).toMatch(/共 \d+ 条评价/);
    const hk = await (await fetch(`${store.url}/zh-HK/product/linen-shirt`)).text();
    expect(hk).toContain("各星級評價");
    expect(hk).toMatch(/共 \d+ 則評價/);
  });
});

describe("the product page's default variant and the quick view", () => {
  it("selects the first variant in stock when the address names none, and keeps the product's title", async () => {
    const data = (await (await fetch(`${store.url}/product/oxford-shirt?request=route`)).json()).data;
    expect(data.data.detail.selectedSku).toBeUndefined();
    expect(data.meta.title).toMatch(/^Oxford Shirt \| /);
    const html = await (await fetch(`${store.url}/product/oxford-shirt`)).text();
    // Sand / S and Sand / M are out of stock: Sand / L (the first in stock) is the one shown.
    expect(html).toMatch(/href="\/product\/oxford-shirt\/OXFSHI-SAN-L" aria-current="true"/);
    const variant = (await (await fetch(`${store.url}/product/oxford-shirt/OXFSHI-OLI-M?request=route`)).json()).data;
    expect(variant.meta.title).toMatch(/^Oxford Shirt \(Olive \/ M\) \| /);
  });

  it("answers a card's quick view with images, variants, stock and rating", async () => {
    const answer = await store.post("product/quickView", { slug: "oxford-shirt" });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ slug: "oxford-shirt", title: "Oxford Shirt", currency: "USD" });
    expect(answer.data.variants.map((v: { sku: string; stock: number }) => v.stock > 0)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect((await store.post("product/quickView", { slug: "nope" })).code).toBe(41);
    expect((await store.post("product/quickView", { slug: "../x" })).status).toBe(400);
  });
});
