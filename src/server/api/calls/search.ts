// Catalog search through the search index (src/server/search/): the products a query finds,
// and what the header's search box suggests while a shopper types.
import type * as T from "../../../../generated/types";
import { languageOf } from "../../../shared/languages";
import { createLinks } from "../../pages/links";
import { searchIndexOf } from "../../search/index";
import { storeFor } from "../../store/localize";
import { defineCall } from "../register";
import { limitVisitor, paging } from "./shared";

export const searchCalls = [
  defineCall("search/products", "optional", (ctx) => {
    const { store, localizedStore } = ctx.deps;
    const links = createLinks(store.config.router, null);
    // Light rows to filter and count; only the page answered is read in full.
    const found = searchIndexOf(localizedStore)
      .productRows("en", ctx.body.q ?? "")
      .filter((row) => !ctx.body.category || row.category === ctx.body.category);
    const { pageSize, offset } = paging(ctx.body);
    const shown = found.slice(offset, offset + pageSize).flatMap((row) => store.productBySlug.get(row.slug) ?? []);
    return {
      items: shown.map((p) => ({
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

  defineCall("search/suggest", "optional", (ctx) => {
    limitVisitor(ctx, "suggest", "suggestIp");
    const { store, localizedStore } = ctx.deps;
    const prefix = ctx.body.prefix ?? null;
    const language = prefix ? languageOf(prefix).messages : "en";
    const local = storeFor(localizedStore, language);
    const links = createLinks(store.config.router, prefix);
    const found = searchIndexOf(localizedStore).suggest(language, ctx.body.q, ctx.body.limit ?? 5);
    const named = <E extends { slug: string; title: string }>(
      list: readonly E[],
      slugs: string[],
      href: (slug: string) => string,
    ) =>
      slugs.flatMap((slug) => {
        const entry = list.find((e) => e.slug === slug);
        return entry ? [{ slug, title: entry.title, href: href(slug) }] : [];
      });
    return {
      products: found.products.map((slug) => {
        const p = local.productBySlug.get(slug)!;
        return { slug, title: p.title, href: links.product(slug), image: p.images[0]!, price: p.price };
      }),
      categories: named(
        local.categories.map((c) => ({ slug: c.slug, title: c.name })),
        found.categories,
        links.category,
      ),
      articles: named(local.articles, found.articles, links.article),
      currency: store.config.currency,
      searchHref: `${links.to("/search")}?${new URLSearchParams({ q: ctx.body.q })}`,
    } satisfies T.SearchSuggestResponse;
  }),
];
