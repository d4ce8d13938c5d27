// Error pages (403, 404, 500): the error template, with links onwards and a search form.
import type { ErrorPageData } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import type { ResolvedAs } from "../page-kinds";
import type { ResolveContext, Resolver } from "./context";

export function errorPage(ctx: ResolveContext, status: number): ErrorPageData {
  const code = status === 403 || status === 404 ? status : 500;
  return {
    title: ctx.t(`page.error.${code}.title`),
    status: code,
    titleId: `page.error.${code}.title`,
    textId: `page.error.${code}.text`,
    links: [
      { labelId: "page.link.home", href: ctx.links.home() },
      { labelId: "page.link.search", href: ctx.links.to("/search") },
    ],
    searchAction: ctx.links.to("/search"),
  };
}

/** The error page answered with `status` (404 unless told). */
export function notFound(ctx: ResolveContext, status = 404): ResolvedAs<"error"> {
  return { status, template: "error", page: errorPage(ctx, status) };
}

export const resolvers = {
  "error-404": (ctx) => notFound(ctx, 404),
  "error-403": (ctx) => notFound(ctx, 403),
  "error-500": (ctx) => notFound(ctx, 500),
} satisfies Partial<Record<RouteName, Resolver>>;
