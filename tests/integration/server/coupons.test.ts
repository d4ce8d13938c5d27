// @vitest-environment node
// Coupons against a real server: each refusal of the quote and of the order (in English, with
// the reason the browser words in the shopper's language), the rules of the order's
// transaction (once per account, first order only, the lines it applies to), and claiming
// coupons into the account, which checkout then offers. The demo store, plus one coupon that
// has not started yet.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS } from "./orders-support";
import { count, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "store-coupons-"));
  cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
  const coupons = JSON.parse(readFileSync(join(dir, "coupons.json"), "utf8"));
  coupons.items.push({
    code: "LATER10",
    slug: "later10",
    title: "10% off, later",
    type: "percent",
    value: 10,
    startsAt: "2099-01-01",
    expiresAt: "2099-12-31",
  });
  writeFileSync(join(dir, "coupons.json"), JSON.stringify(coupons));
  store = await startStore({ storeDir: dir });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}, START_TIMEOUT_MS);

// In stock: a shirt at 57.99 (39 units), outdoor gear: a hammock at 90.99 and a camp stove at 23.99.
const SHIRT = "FLASHI-SAN-M";
const HAMMOCK = "HAM-SAN";
const STOVE = "CAMSTO-SAN";

async function shopper(lines: [string, number][]): Promise<string> {
  const { token } = await signUp(store);
  await fill(token, lines);
  return token;
}

async function fill(token: string, lines: [string, number][]) {
  for (const [sku, quantity] of lines) {
    const added = await store.post("cart/add", { sku, quantity }, { token });
    expect(added.code, added.msg).toBe(0);
  }
}

const quote = (token: string, couponCode?: string) =>
  store.post("checkout/quote", { shippingMethod: "standard", ...(couponCode ? { couponCode } : {}) }, { token });

const submit = (token: string, couponCode?: string) =>
  store.post(
    "checkout/submit",
    { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card", ...(couponCode ? { couponCode } : {}) },
    { token },
  );

/** A refusal: code 41, the English words, and the reason the browser translates. */
function refused(msg: string, id: string, values?: Record<string, string | number>) {
  return { code: 41, msg, reason: values ? { id, values } : { id } };
}

describe("the quote and the order refuse a coupon that cannot be used", () => {
  it("an unknown code and an expired coupon", async () => {
    const token = await shopper([[SHIRT, 1]]);
    expect(await quote(token, "NOPE99")).toMatchObject(refused("This coupon code does not exist.", "coupon.reason.unknown"));
    expect(await quote(token, "expired5")).toMatchObject(refused("This coupon has expired.", "coupon.reason.expired"));
    const orders = count(store, "orders");
    expect(await submit(token, "EXPIRED5")).toMatchObject(refused("This coupon has expired.", "coupon.reason.expired"));
    expect(count(store, "orders")).toBe(orders);
  });

  it("one that has not started", async () => {
    const token = await shopper([[SHIRT, 1]]);
    expect(await quote(token, "LATER10")).toMatchObject(refused("This coupon cannot be used yet.", "coupon.reason.notStarted"));
  });

  it("an order below the minimum spend: of the whole order, or of the products the coupon applies to", async () => {
    const token = await shopper([
      [SHIRT, 1],
      [STOVE, 1],
    ]);
    // 81.98 of goods, of which 23.99 of outdoor gear.
    expect(await quote(token, "SAVE15")).toMatchObject(
      refused("This coupon needs an order of at least 100 USD.", "coupon.reason.minimum", { amount: 100, currency: "USD" }),
    );
    expect(await quote(token, "OUTDOOR20")).toMatchObject(
      refused("This coupon needs at least 50 USD of the products it applies to.", "coupon.reason.minimumProducts", {
        amount: 50,
        currency: "USD",
      }),
    );
    const orders = count(store, "orders");
    expect((await submit(token, "SAVE15")).reason?.id).toBe("coupon.reason.minimum");
    expect(count(store, "orders")).toBe(orders);
  });

  it("an order without any product the coupon applies to, and the cart stays as it was", async () => {
    const token = await shopper([[SHIRT, 2]]);
    const notApplicable = refused("This coupon does not apply to the items in your order.", "coupon.reason.notApplicable");
    expect(await quote(token, "OUTDOOR20")).toMatchObject(notApplicable);
    const orders = count(store, "orders");
    expect(await submit(token, "OUTDOOR20")).toMatchObject(notApplicable);
    expect(count(store, "orders")).toBe(orders);
    expect((await store.post("cart/count", {}, { token })).data.count).toBe(2);
  });
});

describe("the rules the order's transaction enforces", () => {
  it("takes a product coupon off its own lines only", async () => {
    const token = await shopper([
      [SHIRT, 1],
      [HAMMOCK, 1],
    ]);
    const answer = await quote(token, "OUTDOOR20");
    // 20% of the hammock's 90.99; the shirt keeps its price.
    expect(answer.data).toMatchObject({ goodsAmount: 148.98, discountAmount: 18.2, coupon: { code: "OUTDOOR20" } });
    const order = await submit(token, "OUTDOOR20");
    expect(order.data).toMatchObject({ discountAmount: 18.2, couponCode: "OUTDOOR20" });
  });

  it("refuses a second order with a once-per-account coupon, until the first is cancelled", async () => {
    const token = await shopper([[SHIRT, 1]]);
    const first = await submit(token, "welcome10");
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ couponCode: "WELCOME10", discountAmount: 5.8 });

    await fill(token, [[SHIRT, 1]]);
    const used = refused("You have already used this coupon.", "coupon.reason.used");
    expect(await quote(token, "WELCOME10")).toMatchObject(used);
    const orders = count(store, "orders");
    expect(await submit(token, "WELCOME10")).toMatchObject(used);
    expect(count(store, "orders")).toBe(orders);
    // The same order without the coupon goes through.
    expect((await quote(token)).code).toBe(0);

    // A cancelled order gives the coupon back.
    expect((await store.post("order/cancel", { orderNo: first.data.orderNo }, { token })).code).toBe(0);
    expect((await quote(token, "WELCOME10")).data).toMatchObject({ coupon: { code: "WELCOME10" } });
  });

  it("refuses a first-order coupon on the account's second order", async () => {
    const token = await shopper([[SHIRT, 1]]);
    expect((await submit(token)).code).toBe(0);
    await fill(token, [[SHIRT, 1]]);
    const notFirst = refused("This coupon is for a first order only.", "coupon.reason.firstOrder");
    expect(await quote(token, "WELCOME10")).toMatchObject(notFirst);
    expect(await submit(token, "WELCOME10")).toMatchObject(notFirst);
  });

  it("lets every account use a coupon without those rules on any number of orders", async () => {
    const token = await shopper([[HAMMOCK, 1]]);
    expect((await submit(token, "FREESHIP")).data).toMatchObject({ couponCode: "FREESHIP", shippingFee: 0 });
    await fill(token, [[HAMMOCK, 1]]);
    expect((await submit(token, "FREESHIP")).data).toMatchObject({ couponCode: "FREESHIP" });
  });
});

describe("claiming coupons", () => {
  it("needs a signed-in shopper", async () => {
    expect(await store.post("coupon/claim", { code: "WELCOME10" })).toMatchObject({ code: 50, msg: "login error" });
    expect(await store.post("coupon/mine", {})).toMatchObject({ code: 50 });
  });

  it("refuses an unknown or expired coupon, and a malformed code", async () => {
    const { token } = await signUp(store);
    expect(await store.post("coupon/claim", { code: "NOPE99" }, { token })).toMatchObject(
      refused("This coupon code does not exist.", "coupon.reason.unknown"),
    );
    expect(await store.post("coupon/claim", { code: "EXPIRED5" }, { token })).toMatchObject(
      refused("This coupon has expired.", "coupon.reason.expired"),
    );
    expect(await store.post("coupon/claim", { code: "no!" }, { token })).toMatchObject({
      code: 40,
      msg: "code has a wrong format",
    });
    expect((await store.post("coupon/mine", {}, { token })).data.items).toEqual([]);
  });

  it("keeps the first claim when a coupon is claimed again", async () => {
    const { token, user } = await signUp(store);
    const first = await store.post("coupon/claim", { code: "welcome10" }, { token });
    expect(first.code, first.msg).toBe(0);
    expect(first.data.code).toBe("WELCOME10");
    const again = await store.post("coupon/claim", { code: "WELCOME10" }, { token });
    expect(again.data).toEqual(first.data);
    const rows = store.server.db.prepare("SELECT COUNT(*) AS n FROM coupon_claims WHERE user_id = ?").get(Number(user.id)) as {
      n: number;
    };
    expect(rows.n).toBe(1);
    expect((await store.post("coupon/mine", {}, { token })).data.items).toEqual([first.data]);
  });

  it("offers the claimed coupons at checkout, saying why one cannot be used, and drops one used up", async () => {
    const token = await shopper([[SHIRT, 1]]);
    for (const code of ["WELCOME10", "SAVE15", "LATER10"]) {
      expect((await store.post("coupon/claim", { code }, { token })).code).toBe(0);
    }
    const offers = (await quote(token)).data.offers as { code: string; usable: boolean; reason?: { id: string } }[];
    expect(offers.map((o) => [o.code, o.usable, o.reason?.id])).toEqual(
      expect.arrayContaining([
        ["WELCOME10", true, undefined],
        ["SAVE15", false, "coupon.reason.minimum"],
        ["LATER10", false, "coupon.reason.notStarted"],
      ]),
    );
    expect(offers).toHaveLength(3);

    expect((await submit(token, "WELCOME10")).code).toBe(0);
    await fill(token, [[SHIRT, 2]]);
    const after = (await quote(token)).data.offers as { code: string; usable: boolean }[];
    expect(after.map((o) => o.code).sort()).toEqual(["LATER10", "SAVE15"]);
    expect(after.find((o) => o.code === "SAVE15")!.usable).toBe(true);
  });

  it("lists the claimed coupons on the account overview, with why one cannot be used", async () => {
    const token = await shopper([[SHIRT, 1]]);
    await store.post("coupon/claim", { code: "WELCOME10" }, { token });
    await store.post("coupon/claim", { code: "FREESHIP" }, { token });
    expect((await submit(token, "WELCOME10")).code).toBe(0);
    const html = await (await fetch(`${store.url}/user/center`, { headers: { cookie: `sf_auth=${token}` } })).text();
    expect(html).toContain("My coupons");
    expect(html).toContain('href="/coupon/welcome10"');
    expect(html).toContain("You have already used this coupon.");
    expect(html).toContain("Ready to use");
  });
});
