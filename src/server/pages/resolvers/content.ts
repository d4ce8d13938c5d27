// Pages of the content template: the store's own pages (page/, custom/ and root/ folders).
import type { RouteName } from "../../../shared/route-names";
import type { ResolvedAs } from "../page-kinds";
import { type ResolveContext, type Resolver, slugOf } from "./context";
import { notFound } from "./error";

export function contentPage(page: { slug: string; title: string; body: string[] }): ResolvedAs<"content"> {
  return {
    status: 200,
    template: "content",
    page: { title: page.title, slug: page.slug, description: page.body[0] ?? page.title, paragraphs: page.body },
  };
}

/** A store page by slug, from one folder (page/ holds every page) or any folder (null). */
function storePage(ctx: ResolveContext, folder: "custom" | "root" | null) {
  const slug = slugOf(ctx);
  const page = ctx.store.pages.find((p) => p.slug === slug && (folder === null || (p.folder ?? "page") === folder));
  return page ? contentPage(page) : notFound(ctx);
}

export const resolvers = {
  "page-detail": (ctx) => storePage(ctx, null),
  "custom-detail": (ctx) => storePage(ctx, "custom"),
  "root-detail": (ctx) => storePage(ctx, "root"),
} satisfies Partial<Record<RouteName, Resolver>>;
