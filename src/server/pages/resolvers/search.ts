// The search page: products whose title, summary, category and tags hold every word of `q`.
import type { RouteName } from "../../../shared/route-names";
import { cards, type Resolver } from "./context";

export const resolvers = {
  search: (ctx) => {
    const q = (ctx.query.get("q") ?? "").trim().slice(0, 200);
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const found = words.length
      ? ctx.store.products.filter((p) => {
          const hay = [p.title, p.summary ?? "", p.category, ...(p.tags ?? [])].join(" ").toLowerCase();
          return words.every((w) => hay.includes(w));
        })
      : [];
    return {
      status: 200,
      template: "search",
      page: {
        title: q ? `${ctx.t("page.search.title")}: ${q}` : ctx.t("page.search.title"),
        query: q,
        products: cards(ctx, found),
        action: ctx.links.to("/search"),
        searched: q !== "",
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
