// Reviews, quote requests, feedback, the newsletter and catalog search.
import type * as T from "../../../../generated/types";
import { createLinks } from "../../pages/links";
import { fail } from "../envelope";
import { defineCall } from "../register";
import { iso, limitAnonymousWrite, paging } from "./shared";

export const contentCalls = [
  defineCall("review/list", "optional", (ctx) => {
    const { db, store } = ctx.deps;
    const slug = ctx.body.productSlug;
    if (!store.productBySlug.has(slug)) fail("The product was not found.");
    const { pageSize, offset } = paging(ctx.body);
    const shopper = (
      db
        .prepare(
          "SELECT id, author, score, title, body, created_at FROM reviews WHERE product_slug = ? ORDER BY created_at DESC, id DESC",
        )
        .all(slug) as {
        id: number;
        author: string;
        score: number;
        title: string;
        body: string;
        created_at: number;
      }[]
    ).map((r) => ({
      id: `u${r.id}`,
      productSlug: slug,
      author: r.author,
      score: r.score,
      title: r.title,
      body: r.body,
      createdAt: iso(r.created_at),
    }));
    const seeded = store.reviews
      .filter((r) => r.product === slug)
      .map((r) => ({
        id: `s${r.id}`,
        productSlug: slug,
        author: r.author,
        score: r.score,
        title: r.title ?? "",
        body: r.body,
        createdAt: r.createdAt ?? "2026-01-01",
      }));
    const all = [...shopper, ...seeded];
    const score = all.length ? Math.round((all.reduce((s, r) => s + r.score, 0) / all.length) * 10) / 10 : 0;
    return { items: all.slice(offset, offset + pageSize), total: all.length, score } satisfies T.ReviewListResponse;
  }),

  defineCall("review/add", "required", (ctx) => {
    const { db, store, clock } = ctx.deps;
    const { productSlug, score, title, body } = ctx.body;
    if (!store.productBySlug.has(productSlug)) fail("The product was not found.");
    const user = ctx.user!;
    // Reviews count toward the product's score: only paid, not cancelled orders earn one, once.
    const bought = db
      .prepare(
        "SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.user_id = ? AND i.product_slug = ? AND o.pay_status = 'paid' AND o.status != 'cancelled' LIMIT 1",
      )
      .get(user.id, productSlug);
    if (!bought) fail("Only customers who bought this product can review it.");
    if (db.prepare("SELECT 1 FROM reviews WHERE user_id = ? AND product_slug = ?").get(user.id, productSlug)) {
      fail("You have already reviewed this product.");
    }
    const author = user.nickname || user.first_name || "Customer";
    const now = clock();
    const id = db
      .prepare("INSERT INTO reviews (user_id, product_slug, score, title, body, author, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(user.id, productSlug, score, title ?? "", body, author, now).lastInsertRowid;
    return { id: `u${id}`, productSlug, author, score, title: title ?? "", body, createdAt: iso(now) } satisfies T.ProductReview;
  }),

  defineCall("inquiry/submit", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    const { db, store, clock } = ctx.deps;
    if (!store.productBySlug.has(ctx.body.productSlug)) fail("The product was not found.");
    const b = ctx.body;
    db.prepare(
      "INSERT INTO inquiries (user_id, product_slug, name, email, quantity, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(ctx.user?.id ?? null, b.productSlug, b.name, b.email, b.quantity, b.message, clock());
    return {};
  }),

  defineCall("feedback/submit", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    const b = ctx.body;
    ctx.deps.db
      .prepare("INSERT INTO feedback (user_id, name, email, message, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(ctx.user?.id ?? null, b.name, b.email, b.message, ctx.deps.clock());
    return {};
  }),

  defineCall("newsletter/subscribe", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    ctx.deps.db
      .prepare("INSERT OR IGNORE INTO newsletter (email, created_at) VALUES (?, ?)")
      .run(ctx.body.email.toLowerCase(), ctx.deps.clock());
    return {};
  }),

  defineCall("search/products", "optional", (ctx) => {
    const { store } = ctx.deps;
    const words = (ctx.body.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const links = createLinks(store.config.router, null);
    const found = store.products.filter((p) => {
      if (ctx.body.category && p.category !== ctx.body.category) return false;
      const hay = [p.title, p.summary ?? "", p.category, ...(p.tags ?? [])].join(" ").toLowerCase();
      return words.every((w) => hay.includes(w));
    });
    const { pageSize, offset } = paging(ctx.body);
    return {
      items: found.slice(offset, offset + pageSize).map((p) => ({
        slug: p.slug,
        href: links.product(p.slug),
        title: p.title,
        image: p.images[0]!,
        price: p.price,
        ...(p.linePrice !== undefined ? { linePrice: p.linePrice } : {}),
        inStock: p.variants.some((v) => v.stock > 0),
      })),
      total: found.length,
    } satisfies T.SearchProductsResponse;
  }),
];
