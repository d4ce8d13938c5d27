// @vitest-environment node
// Issue #14: search (suggestions and the search list) and the inquiry forms (a quote for a
// product, feedback to the store), with every refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;
/** The same server with small limits, so that a test reaches them quickly. */
let tight: TestStore;
beforeAll(async () => {
  // Every test here posts from one address: room for all of them.
  store = await startStore({
    limits: { contactForm: { burst: 100, perMinute: 100 }, contactFormIp: { burst: 100, perMinute: 100 } },
  });
  tight = await startStore({
    limits: {
      suggest: { burst: 3, perMinute: 1 },
      suggestIp: { burst: 5, perMinute: 1 },
      contactForm: { burst: 2, perMinute: 1 },
      contactFormIp: { burst: 3, perMinute: 1 },
    },
  });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await store.close();
  await tight.close();
}, START_TIMEOUT_MS);

/** A call from an address (and, with `visitor`, a visitor id), as a browser there would make it. */
async function from(s: TestStore, ip: string, call: string, body: unknown, visitor?: string) {
  const response = await s.server.app.inject({
    method: "POST",
    url: `/api/web/${call}`,
    remoteAddress: ip,
    headers: { "content-type": "application/json", ...(visitor ? { cookie: `visitorId=${visitor}` } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: unknown }) };
}

/** A page's data as the router asks for it. */
async function pageData(path: string) {
  const response = await fetch(`${store.url}${path}${path.includes("?") ? "&" : "?"}request=route`);
  const json = (await response.json()) as { data: { data: Record<string, unknown>; pageBody: string; pageFoot: string } };
  return { status: response.status, ...json.data };
}

interface Mail {
  recipient: string;
  subject: string;
  body: string;
  link: string;
}
const mailsTo = (s: TestStore, to: string) =>
  s.server.db.prepare("SELECT recipient, subject, body, link FROM outbox WHERE recipient = ? ORDER BY id").all(to) as Mail[];

const visitorId = (n: number) => `visitor${String(n).padStart(24, "0")}`;

describe("search/suggest", () => {
  it("suggests products with image, price and address, categories and articles, under the page's prefix", async () => {
    // English names are found under every prefix (a Chinese shopper may type one), named in the page's language.
    const answer = await store.post("search/suggest", { q: "linen", prefix: "zh" });
    expect(answer.code).toBe(0);
    expect(answer.data.products[0]).toMatchObject({ slug: expect.any(String), image: expect.stringMatching(/^\/media\//) });
    expect(answer.data.products.map((p: { href: string }) => p.href)).toContain("/zh/product/linen-shirt");
    expect(answer.data.articles.map((a: { href: string }) => a.href)).toContain("/zh/article/caring-for-linen");
    expect(answer.data.searchHref).toBe("/zh/search?q=linen");
    expect(answer.data.currency).toBe("USD");
    const knit = await store.post("search/suggest", { q: "knit", limit: 2 });
    expect(knit.data.categories).toEqual([{ slug: "knitwear", title: "Knitwear", href: "/category/knitwear" }]);
    expect(knit.data.products.length).toBeLessThanOrEqual(2);
    expect((await store.post("search/suggest", { q: "qqqq" })).data).toMatchObject({
      products: [],
      categories: [],
      articles: [],
    });
  });

  it("refuses an empty or long query, a limit over 8 and an unknown prefix", async () => {
    expect(await store.post("search/suggest", { q: "" })).toMatchObject({ status: 400, msg: "q must be at least 1 characters" });
    expect(await store.post("search/suggest", { q: "x".repeat(101) })).toMatchObject({
      status: 400,
      msg: "q must be at most 100 characters",
    });
    expect(await store.post("search/suggest", { q: "linen", limit: 9 })).toMatchObject({
      status: 400,
      msg: "limit must be at most 8",
    });
    expect((await store.post("search/suggest", { q: "linen", prefix: "xx" })).status).toBe(400);
    expect((await store.post("search/suggest", {})).msg).toBe("q is required");
  });

  it("is limited per visitor and per address", async () => {
    const one = [];
    for (let i = 0; i < 4; i++) one.push(await from(tight, "10.9.0.1", "search/suggest", { q: "linen" }, visitorId(1)));
    expect(one.slice(0, 3).every((a) => a.code === 0)).toBe(true);
    expect(one[3]).toMatchObject({ status: 429, code: 41, msg: "Too many requests. Try again in a minute." });
    // New visitor ids from one address run into the address's own limit.
    const many = [];
    for (let i = 0; i < 6; i++) many.push(await from(tight, "10.9.0.2", "search/suggest", { q: "linen" }, visitorId(100 + i)));
    expect(many.slice(0, 5).every((a) => a.code === 0)).toBe(true);
    expect(many[5]).toMatchObject({ status: 429, code: 41 });
  });
});

describe("the search list", () => {
  it("filters, sorts and pages by the address, and every link keeps the filters", async () => {
    const all = await pageData("/search?q=shirt");
    const filtered = await pageData("/search?q=shirt&category=shirts&max=150&stock=1&sort=price-asc");
    expect(filtered.status).toBe(200);
    const data = filtered.data as {
      products: { price: number; inStock: boolean }[];
      total: number;
      filters: object;
      categories: { slug: string; count: number }[];
    };
    expect(data.filters).toEqual({ category: "shirts", max: 150, inStock: true, sort: "price-asc" });
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan((all.data as { total: number }).total);
    expect(data.products.every((p) => p.price <= 150 && p.inStock)).toBe(true);
    const prices = data.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(data.categories.find((c) => c.slug === "shirts")?.count).toBe(data.total);
    // The form holds what the address says.
    expect(filtered.pageBody).toContain('value="150"');
    expect(filtered.pageBody).toMatch(/<option value="price-asc" selected="">/);
  });

  it("writes page links with the whole query and shows the last page for a page past it", async () => {
    const first = await pageData("/search?stock=1&sort=price-desc");
    const paging = (first.data as { paging: { pageCount: number; nextHref: string } }).paging;
    expect(paging.nextHref).toBe("/search?stock=1&sort=price-desc&page=2");
    const past = await pageData(`/search?stock=1&sort=price-desc&page=${paging.pageCount + 5}`);
    expect((past.data as { paging: { page: number } }).paging.page).toBe(paging.pageCount);
  });

  it("ignores filters it does not know and swaps a minimum above the maximum", async () => {
    const page = await pageData("/search?q=shirt&category=nope&min=200&max=50&rating=9&sort=cheap");
    expect(page.data.filters).toEqual({ min: 50, max: 200, inStock: false, sort: "relevance" });
  });

  it("suggests a spelling when nothing matches, keeping the filters", async () => {
    const page = await pageData("/search?q=linnen&stock=1");
    expect(page.data.total).toBe(0);
    expect(page.data.suggestion).toEqual({ query: "linen", href: "/search?q=linen&stock=1" });
    expect(page.pageBody).toContain("Did you mean");
    expect((await pageData("/search?q=linen")).data.suggestion).toBeUndefined();
  });

  it("answers under a Chinese prefix with links under it", async () => {
    const page = await pageData("/zh/search?q=linen");
    expect(page.status).toBe(200);
    expect((page.data.products as { href: string }[])[0]!.href).toMatch(/^\/zh\/product\//);
    expect(page.data.action).toBe("/zh/search");
  });

  it("keeps search/products answering through the index", async () => {
    const answer = await store.post("search/products", { q: "linen", category: "shirts" });
    expect(answer.data.items.map((i: { slug: string }) => i.slug)).toEqual(["linen-shirt"]);
  });
});

const quote = {
  productSlug: "linen-shirt",
  quantity: 120,
  name: "Mei Chan",
  company: "Harbour Hotels",
  email: "mei@harbour.example",
  message: "Price for 120 in sand, delivered to Hong Kong?",
};

describe("inquiry/submit", () => {
  it("stores the request and mails the shop every detail and the sender a receipt", async () => {
    const answer = await store.post("inquiry/submit", quote);
    expect(answer.code).toBe(0);
    expect(answer.data.reference).toMatch(/^Q\d{8}[A-Z0-9]{6}$/);
    const row = store.server.db.prepare("SELECT * FROM inquiries WHERE reference = ?").get(answer.data.reference) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({ company: "Harbour Hotels", quantity: 120, email: "mei@harbour.example", phone: "" });
    const [shop] = mailsTo(store, "hello@demo-store.example").filter((m) => m.subject.includes(answer.data.reference));
    expect(shop!.body).toContain("Harbour Hotels");
    expect(shop!.body).toContain(quote.message);
    expect(shop!.link).toBe("/product/linen-shirt");
    const [receipt] = mailsTo(store, "mei@harbour.example");
    expect(receipt!.subject).toContain(answer.data.reference);
    // The receipt never repeats what was typed.
    expect(receipt!.body).not.toContain(quote.message);
  });

  it("takes a phone number instead of an email address, and writes the receipt in the page's language", async () => {
    const response = await store.server.app.inject({
      method: "POST",
      url: "/api/web/inquiry/submit",
      headers: { "content-type": "application/json", host: "shop.test", referer: "http://shop.test/zh-HK/inquiry/linen-shirt" },
      payload: JSON.stringify({ ...quote, email: undefined, company: undefined, phone: "+85291234567" }),
    });
    expect(response.json()).toMatchObject({ code: 0 });
    const [receipt] = mailsTo(store, "+85291234567");
    expect(receipt!.subject).toContain("我們已收到");
    expect(receipt!.link).toBe("/zh-HK/product/linen-shirt");
  });

  it("refuses a request without a way to answer, with a bad field or for no product", async () => {
    const before = count(store, "inquiries");
    const { email: _, ...noContact } = quote;
    expect(await store.post("inquiry/submit", noContact)).toMatchObject({
      code: 41,
      msg: "Give an email address or a phone number.",
    });
    expect((await store.post("inquiry/submit", { ...quote, email: "mei@" })).msg).toBe("email has a wrong format");
    expect((await store.post("inquiry/submit", { ...noContact, phone: "0123" })).msg).toBe("phone has a wrong format");
    expect((await store.post("inquiry/submit", { ...quote, quantity: 0 })).msg).toBe("quantity must be at least 1");
    expect((await store.post("inquiry/submit", { ...quote, quantity: 100_001 })).msg).toBe("quantity must be at most 100000");
    expect((await store.post("inquiry/submit", { ...quote, name: "" })).msg).toBe("name must be at least 1 characters");
    expect((await store.post("inquiry/submit", { ...quote, company: "x".repeat(101) })).msg).toBe(
      "company must be at most 100 characters",
    );
    expect((await store.post("inquiry/submit", { ...quote, message: "x".repeat(2001) })).msg).toBe(
      "message must be at most 2000 characters",
    );
    expect((await store.post("inquiry/submit", { ...quote, price: 1 })).msg).toBe('body has an unknown field "price"');
    expect(await store.post("inquiry/submit", { ...quote, productSlug: "nope" })).toMatchObject({
      code: 41,
      msg: "The product was not found.",
    });
    expect(count(store, "inquiries")).toBe(before);
  });

  it("is limited per visitor and per address", async () => {
    const one = [];
    for (let i = 0; i < 3; i++) one.push(await from(tight, "10.8.0.1", "inquiry/submit", quote, visitorId(7)));
    expect(one.map((a) => a.code)).toEqual([0, 0, 41]);
    expect(one[2]).toMatchObject({ status: 429, msg: "Too many requests. Try again in a minute." });
    const many = [];
    for (let i = 0; i < 4; i++) many.push(await from(tight, "10.8.0.2", "inquiry/submit", quote, visitorId(200 + i)));
    expect(many.map((a) => a.code)).toEqual([0, 0, 0, 41]);
  });
});

describe("feedback/submit", () => {
  const message = { topic: "delivery", email: "kai@example.com", message: "Do you deliver to Macau?" };

  it("stores the message on its topic and mails the shop and the sender", async () => {
    const answer = await store.post("feedback/submit", message);
    expect(answer.code).toBe(0);
    expect(answer.data.reference).toMatch(/^F\d{8}[A-Z0-9]{6}$/);
    const row = store.server.db.prepare("SELECT topic, name, email FROM feedback WHERE reference = ?").get(answer.data.reference);
    expect(row).toEqual({ topic: "delivery", name: "", email: "kai@example.com" });
    const shop = mailsTo(store, "hello@demo-store.example").find((m) => m.subject.includes(answer.data.reference));
    expect(shop!.body).toContain("Do you deliver to Macau?");
    expect(mailsTo(store, "kai@example.com")).toHaveLength(1);
  });

  it("refuses a message without a topic, a known topic or a way to answer", async () => {
    const { topic: _, ...noTopic } = message;
    expect((await store.post("feedback/submit", noTopic)).msg).toBe("topic is required");
    expect((await store.post("feedback/submit", { ...message, topic: "spam" })).msg).toMatch(/^topic must be one of/);
    expect(await store.post("feedback/submit", { topic: "other", message: "Hi" })).toMatchObject({
      code: 41,
      msg: "Give an email address or a phone number.",
    });
    expect((await store.post("feedback/submit", { ...message, message: "" })).msg).toBe("message must be at least 1 characters");
  });

  it("is limited per visitor", async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await from(tight, "10.7.0.1", "feedback/submit", message, visitorId(9))).code);
    expect(codes).toEqual([0, 0, 41]);
  });
});

describe("the inquiry pages", () => {
  it("show a product's quote form, the feedback form, and a 404 for no product", async () => {
    const product = await pageData("/inquiry/linen-shirt");
    expect(product.status).toBe(200);
    expect(product.data).toMatchObject({ kind: "quote", productSlug: "linen-shirt" });
    expect(product.pageBody).toContain('data-component="InquiryForm"');
    const feedback = await pageData("/zh/inquiry/feedback");
    expect(feedback.status).toBe(200);
    expect(feedback.data).toMatchObject({ kind: "feedback", title: "联系我们", products: [] });
    expect((await pageData("/inquiry/no-such-product")).status).toBe(404);
  });

  it("are linked from the footer and the product page", async () => {
    const home = await pageData("/zh");
    expect(home.pageFoot).toContain('href="/zh/inquiry/feedback"');
    const product = await pageData("/product/linen-shirt");
    expect(product.pageBody).toContain('href="/inquiry/linen-shirt"');
  });
});

describe("the forms as plain posts (before or without script)", () => {
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${store.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const fields = { quantity: "40", name: "Ann Lee", company: "", email: "ann@example.com", phone: "", message: "Forty please" };

  it("stores a quote and answers with its confirmation page, in the page's language", async () => {
    const response = await postForm("/zh/inquiry/linen-shirt", fields);
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/zh\/inquiry\/linen-shirt\?sent=Q\d{8}[A-Z0-9]{6}$/);
    const page = await pageData(location);
    expect(page.data.reference).toBe(new URL(location, store.url).searchParams.get("sent"));
    expect(page.pageBody).toContain("谢谢，您的询价已提交");
    expect(mailsTo(store, "ann@example.com")).toHaveLength(1);
  });

  it("sends feedback with a phone number written with spaces", async () => {
    const response = await postForm("/inquiry/feedback", {
      topic: "order",
      phone: "+852 9123 4500",
      message: "Where is my order?",
    });
    expect(response.headers.get("location")).toMatch(/^\/inquiry\/feedback\?sent=F/);
    expect(mailsTo(store, "+85291234500")).toHaveLength(1);
  });

  it("answers with the form again and why when the call refuses it", async () => {
    const noContact = await postForm("/inquiry/linen-shirt", { ...fields, email: "" });
    expect(noContact.headers.get("location")).toBe("/inquiry/linen-shirt?failed=contact");
    const page = await pageData("/inquiry/linen-shirt?failed=contact");
    expect(page.data.failure).toBe("contact");
    expect(page.pageBody).toContain("Enter an email address or a phone number, then send again.");
    expect((await postForm("/inquiry/linen-shirt", { ...fields, quantity: "0" })).headers.get("location")).toBe(
      "/inquiry/linen-shirt?failed=invalid",
    );
    expect((await postForm("/inquiry/feedback", { message: "No topic", email: "a@example.com" })).headers.get("location")).toBe(
      "/inquiry/feedback?failed=invalid",
    );
  });

  it("refuses another site's form and an unknown prefix", async () => {
    const before = count(store, "inquiries");
    expect((await postForm("/inquiry/linen-shirt", fields, { origin: "https://evil.example" })).status).toBe(403);
    expect((await postForm("/inquiry/linen-shirt", fields, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await postForm("/xx/inquiry/linen-shirt", fields)).status).toBe(404);
    expect(count(store, "inquiries")).toBe(before);
  });

  it("confirms only a number the database holds for that form", async () => {
    const feedback = await store.post("feedback/submit", { topic: "other", email: "z@example.com", message: "Hi" });
    expect((await pageData(`/inquiry/feedback?sent=${feedback.data.reference}`)).data.reference).toBe(feedback.data.reference);
    expect((await pageData(`/inquiry/linen-shirt?sent=${feedback.data.reference}`)).data.reference).toBeUndefined();
    expect((await pageData("/inquiry/feedback?sent=ZZZZZZZZ")).data.reference).toBeUndefined();
  });
});
