// Anonymous carts are bounded (issue 48, item 12): one address creates at most a bounded number
// of visitors' carts an hour, however many visitor ids it makes up, and the carts of visitors
// not seen for the configured time are purged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PURGE_LIMITS, purgeExpired } from "../../../src/server/purge";
import { count, START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;

beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);

afterAll(() => store?.close());

describe("visitors' carts", () => {
  it("lets one address create at most 60 carts an hour, each cookie-less add a new visitor", async () => {
    const before = count(store, "carts");
    const answers = [];
    for (let i = 0; i < 70; i++) answers.push(await store.post("cart/add", { sku: "COTRUG-WHI", quantity: 1 }));
    expect(count(store, "carts") - before).toBe(60);
    expect(answers.slice(60).every((a) => a.status === 429)).toBe(true);
    // A visitor who has a cart goes on adding to it.
    const visitor = "returning-visitor";
    store.server.db.prepare("INSERT INTO carts (owner, updated_at) VALUES (?, ?)").run(`v:${visitor}`, Date.now());
    expect((await store.post("cart/add", { sku: "COTRUG-WHI", quantity: 1 }, { visitor })).code).toBe(0);
  });

  it("purges the carts of visitors not seen for the configured time, and no customer's", () => {
    const db = store.server.db;
    const now = Date.now();
    const old = now - DEFAULT_PURGE_LIMITS.visitorCartMs - 1000;
    const add = (owner: string, at: number) => {
      const id = Number(db.prepare("INSERT INTO carts (owner, updated_at) VALUES (?, ?)").run(owner, at).lastInsertRowid);
      db.prepare("INSERT INTO cart_items (cart_id, sku, quantity, selected, added_at) VALUES (?, 'COTRUG-WHI', 1, 1, ?)").run(
        id,
        at,
      );
    };
    add("v:gone", old);
    add("v:recent", now);
    add("v:seen-lately", old);
    db.prepare(
      "INSERT INTO visitor_tracks (visitor_id, url, referer, timezone, ip, user_agent, created_at) VALUES ('seen-lately', '/', '', 'UTC', '127.0.0.1', '', ?)",
    ).run(now);
    // A customer's cart, however old, is theirs until they empty it.
    add("u:999999", old);
    purgeExpired(db, now);
    const owners = db
      .prepare("SELECT owner FROM carts WHERE owner IN ('v:gone', 'v:recent', 'v:seen-lately', 'u:999999')")
      .pluck()
      .all();
    expect((owners as string[]).sort()).toEqual(["u:999999", "v:recent", "v:seen-lately"]);
    expect(
      db.prepare("SELECT COUNT(*) FROM cart_items i LEFT JOIN carts c ON c.id = i.cart_id WHERE c.id IS NULL").pluck().get(),
    ).toBe(0);
  });
});
