// @vitest-environment node
// The address book, the favorites and the shoppers' own articles against a real server: the
// calls, their bounds and checks, and the pages that render them (user/address, user/favorite,
// user/article, article/{slug}).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

const ADDRESS = {
  country: "HK",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};

const ARTICLE_BACK = { title: "My shirt", slug: "my-shirt-story", body: "# A year on\n\nIt **still** fits." };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function pageOf(path: string, token?: string) {
  const response = await fetch(`${store.url}${path}${path.includes("?") ? "&" : "?"}request=route`, {
    headers: token ? { "x-auth": token } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: the page data of several kinds, each checked against its schema by the server outside production.
  const body = (await response.json()) as { data: { data: any; meta: { status: number } } };
  return { status: response.status, meta: body.data.meta, page: body.data.data };
}

async function upload(call: string, field: string, bytes: Buffer, name: string, token: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  const response = await fetch(`${store.url}/api/web/${call}`, { method: "POST", headers: { "x-auth": token }, body: form });
  return (await response.json()) as { code: number; msg: string; data: { url: string } };
}

describe("address book", () => {
  it("saves, lists, makes default and deletes; the page renders the book", async () => {
    const { token } = await signUp(store);
    const first = await store.post("address/save", ADDRESS, { token });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ country: "HK", isDefault: true });
    const second = await store.post(
      "address/save",
      { ...ADDRESS, country: "GB", countryCode: "+44", city: "London", phone: "7400123456" },
      { token },
    );
    expect(second.data.isDefault).toBe(false);

    const made = await store.post("address/setDefault", { id: second.data.id }, { token });
    expect(made.code, made.msg).toBe(0);
    expect(made.data.items.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [second.data.id, true],
      [first.data.id, false],
    ]);

    const edited = await store.post("address/save", { ...ADDRESS, id: first.data.id, apartment: "Flat 3" }, { token });
    expect(edited.data).toMatchObject({ apartment: "Flat 3", isDefault: false });

    const page = await pageOf("/user/address", token);
    expect(page.meta.status).toBe(200);
    expect(page.page.addresses).toHaveLength(2);
    expect(page.page.addresses[0]).toMatchObject({ id: second.data.id, isDefault: true });

    expect((await store.post("address/delete", { id: second.data.id }, { token })).code).toBe(0);
    const left = await store.post("address/list", {}, { token });
    expect(left.data.items).toEqual([expect.objectContaining({ id: first.data.id, isDefault: true })]);

    // Every change is in the account's event log, named by recipient and city.
    const { user } = await store.post("user/info", {}, { token }).then((a) => ({ user: a.data as { id: string } }));
    const logged = store.server.db
      .prepare("SELECT kind, details FROM account_log WHERE user_id = ? ORDER BY id")
      .all(Number(user.id)) as { kind: string; details: string }[];
    expect(logged.map((e) => [e.kind, JSON.parse(e.details).name])).toEqual([
      ["address.added", "Mei Chan, Hong Kong"],
      ["address.added", "Mei Chan, London"],
      ["address.default", "Mei Chan, London"],
      ["address.updated", "Mei Chan, Hong Kong"],
      ["address.deleted", "Mei Chan, London"],
    ]);
  });

  it("refuses a country or calling code outside the table, and another shopper's address", async () => {
    const { token } = await signUp(store);
    for (const bad of [{ country: "XX" }, { country: "Hong Kong" }, { countryCode: "+999" }, { countryCode: "852x" }]) {
      const answer = await store.post("address/save", { ...ADDRESS, ...bad }, { token });
      expect(answer.code, JSON.stringify(bad)).not.toBe(0);
    }
    const mine = await store.post("address/save", ADDRESS, { token });
    const other = await signUp(store);
    expect((await store.post("address/setDefault", { id: mine.data.id }, { token: other.token })).code).toBe(41);
    expect((await store.post("address/delete", { id: mine.data.id }, { token: other.token })).code).toBe(41);
    expect((await store.post("address/setDefault", { id: mine.data.id })).code).toBe(50);
  });
});

describe("favorites", () => {
  it("keeps three lists, pages them within bounds and renders the chosen one with add-to-cart", async () => {
    const { token } = await signUp(store);
    for (const [type, id] of [
      ["product", "1"],
      ["product", "enamel-mug"],
      ["article", "caring-for-linen"],
      ["page", "about"],
    ]) {
      const added = await store.post("favorite/add", { type, id }, { token });
      expect(added.code, added.msg).toBe(0);
    }
    const counts = await store.post("favorite/count", {}, { token });
    expect(counts.data).toEqual({ product: 2, article: 1, page: 1 });

    const first = await store.post("favorite/list", { type: "product", page: 1, pageSize: 1 }, { token });
    expect(first.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(first.data.items).toHaveLength(1);
    const second = await store.post("favorite/list", { type: "product", page: 2, pageSize: 1 }, { token });
    expect(second.data.items[0].id).not.toBe(first.data.items[0].id);
    for (const body of [
      { type: "product", pageSize: 51 },
      { type: "product", page: 0 },
      { type: "product", page: 10001 },
      { type: "shop" },
    ]) {
      expect((await store.post("favorite/list", body, { token })).status, JSON.stringify(body)).toBe(400);
    }

    const wish = await store.post("favorite/wishList", {}, { token });
    expect(wish.data.article.map((i: { id: string }) => i.id)).toEqual(["caring-for-linen"]);
    expect(wish.data.page.map((i: { id: string }) => i.id)).toEqual(["about"]);
    const shirt = wish.data.product.find((i: { id: string }) => i.id === "1");
    expect(shirt.sku).toBe("LINSHI-SAN-S");

    const page = await pageOf("/user/favorite?type=article", token);
    expect(page.page.favorites).toMatchObject({ type: "article", counts: { product: 2, article: 1, page: 1 }, page: 1 });
    expect(page.page.favorites.items[0]).toMatchObject({ id: "caring-for-linen", url: "/article/caring-for-linen" });
    const products = await pageOf("/user/favorite?page=99999", token);
    expect(products.page.favorites).toMatchObject({ type: "product", page: 1 });

    expect((await store.post("cart/add", { sku: shirt.sku, quantity: 1 }, { token })).code).toBe(0);
    expect((await store.post("favorite/cancel", { type: "product", id: "1" }, { token })).code).toBe(0);
    expect((await store.post("favorite/count", {}, { token })).data.product).toBe(1);
  });
});

describe("own articles", () => {
  it("writes, lists, edits and deletes; a published one is at article/{slug} with its author", async () => {
    const { token } = await signUp(store);
    const thumb = await upload("article/thumbnail", "thumbnail", PNG, "pic.png", token);
    expect(thumb.code, thumb.msg).toBe(0);
    expect(thumb.data.url).toMatch(/^\/media\/avatars\/article-[0-9a-f]{16}\.png$/);
    expect((await fetch(store.url + thumb.data.url)).status).toBe(200);

    const saved = await store.post(
      "article/save",
      { title: "My shirt", slug: "my-shirt-story", body: "# A year on\n\nIt **still** fits.", thumbnail: thumb.data.url },
      { token },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ slug: "my-shirt-story", published: true, url: "/article/my-shirt-story" });

    const article = await pageOf("/article/my-shirt-story");
    expect(article.meta.status).toBe(200);
    expect(article.page).toMatchObject({ title: "My shirt", slug: "my-shirt-story", paragraphs: [], image: thumb.data.url });
    expect(article.page.html).toBe("<h2>A year on</h2>\n<p>It <strong>still</strong> fits.</p>");
    expect(article.page.author).toBeTruthy();
    const document = await (await fetch(`${store.url}/article/my-shirt-story`)).text();
    expect(document).toContain("<strong>still</strong>");

    // A shopper's article may be saved among favorites too.
    expect((await store.post("favorite/add", { type: "article", id: "my-shirt-story" }, { token })).code).toBe(0);

    const mine = await store.post("article/mine", { page: 1, pageSize: 50 }, { token });
    expect(mine.data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect((await store.post("article/mine", { pageSize: 51 }, { token })).status).toBe(400);
    const listed = await pageOf("/user/article", token);
    expect(listed.page.articles).toMatchObject({ total: 1, articles: [{ slug: "my-shirt-story" }] });

    // A new address keeps it among favorites.
    const moved = await store.post(
      "article/save",
      {
        id: saved.data.id,
        title: "My shirt",
        slug: "my-shirt-year",
        body: "# A year on\n\nIt **still** fits.",
        thumbnail: thumb.data.url,
      },
      { token },
    );
    expect(moved.data.url).toBe("/article/my-shirt-year");
    expect((await store.post("favorite/wishList", {}, { token })).data.article.map((i: { id: string }) => i.id)).toEqual([
      "my-shirt-year",
    ]);
    expect((await pageOf("/article/my-shirt-story")).meta.status).toBe(404);
    expect(
      (await store.post("article/save", { ...ARTICLE_BACK, id: saved.data.id, thumbnail: thumb.data.url }, { token })).code,
    ).toBe(0);

    const detail = await store.post("article/detail", { id: saved.data.id }, { token });
    expect(detail.data.body).toBe("# A year on\n\nIt **still** fits.");
    const draft = await store.post(
      "article/save",
      { id: saved.data.id, title: "My shirt", slug: "my-shirt-story", body: "Draft", published: false },
      { token },
    );
    expect(draft.data).toMatchObject({ published: false });
    expect(draft.data.thumbnail).toBeUndefined();
    // The image no article shows any more is gone.
    expect((await fetch(store.url + thumb.data.url)).status).toBe(404);
    expect((await pageOf("/article/my-shirt-story")).meta.status).toBe(404);

    const other = await signUp(store);
    expect((await store.post("article/delete", { id: saved.data.id }, { token: other.token })).code).toBe(41);
    expect((await store.post("article/detail", { id: saved.data.id }, { token: other.token })).code).toBe(41);
    expect((await store.post("article/delete", { id: saved.data.id }, { token })).code).toBe(0);
    expect((await store.post("article/mine", {}, { token })).data.total).toBe(0);
    expect((await store.post("favorite/count", {}, { token })).data.article).toBe(0);
  });

  it("keeps slugs unique across the store's articles and every shopper's", async () => {
    const a = await signUp(store);
    const b = await signUp(store);
    const taken = await store.post(
      "article/save",
      { title: "Linen", slug: "caring-for-linen", body: "Mine" },
      { token: a.token },
    );
    expect(taken.code).toBe(41);
    expect(taken.msg).toMatch(/taken/);
    expect((await store.post("article/save", { title: "One", slug: "shared-slug", body: "One" }, { token: a.token })).code).toBe(
      0,
    );
    expect((await store.post("article/save", { title: "Two", slug: "shared-slug", body: "Two" }, { token: b.token })).code).toBe(
      41,
    );
    for (const slug of ["Bad Slug", "-edge", "a--b", "x".repeat(65)]) {
      expect((await store.post("article/save", { title: "T", slug, body: "B" }, { token: b.token })).status, slug).toBe(400);
    }
  });

  it("sanitizes the body: no script, event handler or javascript: link reaches the page", async () => {
    const { token } = await signUp(store);
    const body = [
      "<script>alert(1)</script>",
      '<img src="https://example.com/a.png" onerror="alert(2)">',
      '<a href="javascript:alert(3)">click</a> [md](javascript:alert(4))',
      '<p onclick="alert(5)" style="color:red">styled</p>',
    ].join("\n\n");
    expect((await store.post("article/save", { title: "XSS", slug: "xss-try", body }, { token })).code).toBe(0);
    const { page } = await pageOf("/article/xss-try");
    expect(page.html).not.toMatch(/<script|onerror|onclick|style=|href="javascript:/i);
    expect(page.html).toContain('<img src="https://example.com/a.png" loading="lazy" />');
  });

  it("refuses a thumbnail that is not an image, whatever its name", async () => {
    const { token } = await signUp(store);
    const html = await upload(
      "article/thumbnail",
      "thumbnail",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "pic.png",
      token,
    );
    expect(html.code).toBe(41);
    expect(html.msg).toMatch(/PNG, JPEG, WebP or GIF/);
    const wrongField = await upload("article/thumbnail", "avatar", PNG, "pic.png", token);
    expect(wrongField.code).toBe(40);
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload("article/thumbnail", "thumbnail", tooLarge, "big.png", token)).code).toBe(41);
  });

  it(
    "limits an account's writes",
    async () => {
      const limited = await startStore({ limits: { accountWrite: { burst: 2, perMinute: 1 } } });
      try {
        const { token } = await signUp(limited);
        const save = (n: number) => limited.post("article/save", { title: `T${n}`, slug: `limit-${n}`, body: "B" }, { token });
        expect((await save(1)).code).toBe(0);
        expect((await save(2)).code).toBe(0);
        const third = await save(3);
        expect([third.status, third.code]).toEqual([429, 41]);
      } finally {
        await limited.close();
      }
    },
    START_TIMEOUT_MS,
  );
});

describe("user routes", () => {
  it("answer a visitor with 401", async () => {
    for (const path of ["/user/address", "/user/favorite", "/user/article"]) {
      expect((await pageOf(path)).meta.status, path).toBe(401);
    }
  });
});
