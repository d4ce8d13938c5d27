// @vitest-environment node
// Comments under articles against a real server: every refusal of comment/add (signed out,
// empty, too long, unknown article, per-account and per-address rate limits, a full
// moderation queue), what each reader sees before and after /dev/moderation decides, and the
// article page's first load reading the same comments for its viewer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

const ARTICLE = "caring-for-linen";
// Generous limits, so that only the tests about limits reach one.
const ROOMY = { comment: { burst: 100, perMinute: 100 }, commentIp: { burst: 100, perMinute: 100 } };

let store: TestStore;
beforeAll(async () => {
  store = await startStore({ limits: ROOMY });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

async function pageOf(path: string, token?: string) {
  const response = await fetch(`${store.url}${path}${path.includes("?") ? "&" : "?"}request=route`, {
    headers: token ? { "x-auth": token } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: the article's page data, checked against its schema by the server outside production.
  const body = (await response.json()) as { data: { data: any; meta: { status: number } } };
  return { status: response.status, page: body.data.data };
}

async function moderate(id: number, decision: string, headers: Record<string, string> = {}) {
  return fetch(`${store.url}/dev/moderation/${id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ decision }).toString(),
    redirect: "manual",
  });
}

describe("comment/add refuses", () => {
  it("a visitor who is not signed in, writing nothing", async () => {
    const before = count(store, "article_comments");
    expect(await store.post("comment/add", { articleSlug: ARTICLE, body: "Hello" })).toMatchObject({
      code: 50,
      msg: "login error",
    });
    expect(count(store, "article_comments")).toBe(before);
  });

  it("an empty comment, and one that is only spaces once trimmed", async () => {
    const { token } = await signUp(store);
    expect(await store.post("comment/add", { articleSlug: ARTICLE, body: "" }, { token })).toMatchObject({
      status: 400,
      code: 40,
      msg: "body must be at least 1 characters",
    });
    expect(await store.post("comment/add", { articleSlug: ARTICLE, body: "  \n\t  " }, { token })).toMatchObject({
      code: 41,
      msg: "Write a comment first.",
    });
    expect((await store.post("comment/list", { articleSlug: ARTICLE }, { token })).data.total).toBe(0);
  });

  it("a comment over 1000 characters, and keeps one of exactly 1000", async () => {
    const { token } = await signUp(store);
    expect(await store.post("comment/add", { articleSlug: ARTICLE, body: "x".repeat(1001) }, { token })).toMatchObject({
      status: 400,
      code: 40,
      msg: "body must be at most 1000 characters",
    });
    const longest = await store.post("comment/add", { articleSlug: ARTICLE, body: "y".repeat(1000) }, { token });
    expect(longest.code).toBe(0);
    expect(longest.data.body).toHaveLength(1000);
  });

  it("an article that does not exist, for adding and for listing", async () => {
    const { token } = await signUp(store);
    expect(await store.post("comment/add", { articleSlug: "no-such-article", body: "Hi" }, { token })).toMatchObject({
      code: 41,
      msg: "The article was not found.",
    });
    expect(await store.post("comment/list", { articleSlug: "no-such-article" })).toMatchObject({
      code: 41,
      msg: "The article was not found.",
    });
  });

  it("bodies with unknown fields or unbounded pages", async () => {
    expect(await store.post("comment/list", { articleSlug: ARTICLE, page: 10001 })).toMatchObject({ status: 400, code: 40 });
    expect(await store.post("comment/list", { articleSlug: ARTICLE, pageSize: 51 })).toMatchObject({ status: 400, code: 40 });
    const { token } = await signUp(store);
    expect(await store.post("comment/add", { articleSlug: ARTICLE, body: "Hi", status: "approved" }, { token })).toMatchObject({
      status: 400,
      code: 40,
    });
  });

  it("a shopper with 20 comments awaiting moderation, until one is decided", async () => {
    const { token } = await signUp(store);
    for (let i = 0; i < 20; i++) {
      expect((await store.post("comment/add", { articleSlug: "gift-guide", body: `Note ${i}` }, { token })).code).toBe(0);
    }
    const full = await store.post("comment/add", { articleSlug: "gift-guide", body: "One more" }, { token });
    expect(full).toMatchObject({ code: 41 });
    expect(full.msg).toMatch(/awaiting moderation/);
    const first = (await store.post("comment/list", { articleSlug: "gift-guide", pageSize: 50 }, { token })).data.items.at(-1);
    expect((await moderate(first.id, "reject")).status).toBe(303);
    expect((await store.post("comment/add", { articleSlug: "gift-guide", body: "One more" }, { token })).code).toBe(0);
  });
});

describe("comment rate limits", () => {
  it("limit one account's comments, with HTTP 429", async () => {
    const limited = await startStore({ limits: { comment: { burst: 2, perMinute: 1 }, commentIp: ROOMY.commentIp } });
    try {
      const { token } = await signUp(limited);
      for (const body of ["One", "Two"]) {
        expect((await limited.post("comment/add", { articleSlug: ARTICLE, body }, { token })).code).toBe(0);
      }
      expect(await limited.post("comment/add", { articleSlug: ARTICLE, body: "Three" }, { token })).toMatchObject({
        status: 429,
        code: 41,
        msg: "Too many requests. Try again in a minute.",
      });
      // Another account is not held back by the first one's bucket.
      const other = await signUp(limited);
      expect((await limited.post("comment/add", { articleSlug: ARTICLE, body: "Mine" }, { token: other.token })).code).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it("limit an address's comments, whichever accounts post from it", async () => {
    const limited = await startStore({ limits: { comment: ROOMY.comment, commentIp: { burst: 3, perMinute: 1 } } });
    try {
      const accounts = [await signUp(limited), await signUp(limited)];
      const answers = [];
      for (const [i, account] of [accounts[0], accounts[1], accounts[0], accounts[1]].entries()) {
        answers.push(await limited.post("comment/add", { articleSlug: ARTICLE, body: `Post ${i}` }, { token: account!.token }));
      }
      expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 41]);
      expect(answers[3]).toMatchObject({ status: 429, msg: "Too many requests. Try again in a minute." });
      expect(count(limited, "article_comments")).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe("moderation", () => {
  it("shows a new comment to its author at once and to others once approved", async () => {
    const author = await signUp(store);
    const reader = await signUp(store);
    const added = await store.post(
      "comment/add",
      { articleSlug: "packing-light", body: "  Rolled, not folded.\r\nAlways.  " },
      { token: author.token },
    );
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ body: "Rolled, not folded.\nAlways.", pending: true });

    const mine = await store.post("comment/list", { articleSlug: "packing-light" }, { token: author.token });
    expect(mine.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(mine.data.items[0]).toMatchObject({ id: added.data.id, pending: true });
    expect((await store.post("comment/list", { articleSlug: "packing-light" }, { token: reader.token })).data.total).toBe(0);
    expect((await store.post("comment/list", { articleSlug: "packing-light" })).data.total).toBe(0);

    // The article's first load reads the same comments for its viewer.
    const authorPage = await pageOf("/article/packing-light", author.token);
    expect(authorPage.page.comments).toMatchObject({
      signedIn: true,
      total: 1,
      comments: [{ id: added.data.id, pending: true }],
    });
    const visitorPage = await pageOf("/article/packing-light");
    expect(visitorPage.page.comments).toMatchObject({
      signedIn: false,
      total: 0,
      comments: [],
      signInHref: "/auth/signin?redirect=%2Farticle%2Fpacking-light%23comments",
    });

    const queue = await (await fetch(`${store.url}/dev/moderation`)).text();
    expect(queue).toContain("Rolled, not folded.");
    expect(queue).toContain(`Approve comment ${added.data.id}`);
    const approved = await moderate(added.data.id, "approve");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toMatch(/^\/dev\/moderation\?done=/);

    const seen = await store.post("comment/list", { articleSlug: "packing-light" });
    expect(seen.data.items).toMatchObject([{ id: added.data.id, pending: false, body: "Rolled, not folded.\nAlways." }]);
    expect((await pageOf("/article/packing-light")).page.comments.comments).toHaveLength(1);
    // Decided once: a second decision is refused.
    expect((await moderate(added.data.id, "reject")).status).toBe(409);
  });

  it("hides a rejected comment from everybody, its author too", async () => {
    const author = await signUp(store);
    const added = await store.post("comment/add", { articleSlug: "weekend-hike", body: "Buy my stuff" }, { token: author.token });
    expect((await moderate(added.data.id, "reject")).status).toBe(303);
    expect((await store.post("comment/list", { articleSlug: "weekend-hike" }, { token: author.token })).data.total).toBe(0);
  });

  it("pages comments newest first", async () => {
    const { token } = await signUp(store);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      ids.push((await store.post("comment/add", { articleSlug: "slow-coffee", body: `Cup ${i}` }, { token })).data.id);
    }
    const second = await store.post("comment/list", { articleSlug: "slow-coffee", page: 2 }, { token });
    expect(second.data.total).toBe(12);
    expect(second.data.items.map((c: { body: string }) => c.body)).toEqual(["Cup 2", "Cup 1"]);
    const page = await pageOf("/article/slow-coffee?comments=2", token);
    expect(page.page.comments).toMatchObject({ page: 2, pageCount: 2, prevHref: "/article/slow-coffee#comments" });
    expect(page.page.comments.comments).toHaveLength(2);
  });

  it("refuses a decision from another site, or without a decision", async () => {
    expect((await moderate(1, "approve", { origin: "https://evil.example" })).status).toBe(403);
    expect((await moderate(1, "maybe")).status).toBe(400);
  });

  it("is not served in production", async () => {
    const production = await startStore({ production: true });
    try {
      expect((await fetch(`${production.url}/dev/moderation`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
