// Which resolver answers a route: the built-in routes' map, and for the router config's
// `{type}-detail` routes (named at run time) the listing of the category of that slug.
import { isRouteName } from "../../shared/route-names";
import type { Resolved } from "./page-kinds";
import { type ResolveContext, slugOf } from "./resolvers/context";
import { notFound } from "./resolvers/error";
import { resolvers } from "./resolvers/index";
import { categoryPage } from "./resolvers/listing";

export { signInRequired } from "./resolvers/account";
export type { ResolveContext, Viewer } from "./resolvers/context";
export { notFound } from "./resolvers/error";

export function resolvePage(ctx: ResolveContext): Resolved {
  const name = ctx.match.name;
  if (isRouteName(name)) return resolvers[name](ctx);
  // {type}-detail routes from config.router.categories list a category by slug.
  if (name.endsWith("-detail")) return categoryPage(ctx, slugOf(ctx)) ?? notFound(ctx);
  return notFound(ctx);
}
