// The names of the built-in routes of the route table (src/shared/routes.ts). Each page kind
// lists its routes once, in schemas/pages/{kind}.schema.json (`x-routes`), and codegen emits
// the list and the type (generated/routes.ts): the
// route table, the page resolvers (a map over every name) and anything else that names a route
// type-check against it. Router config `categories` add routes named `{type}-detail` at run
// time; those are not built-in and are not listed here.
import { ROUTE_NAMES, type RouteName } from "../../generated/routes";

export { ROUTE_NAMES, type RouteName };

const NAMES: ReadonlySet<string> = new Set(ROUTE_NAMES);

/** Whether a matched route's name is a built-in one (not a router config `{type}-detail`). */
export function isRouteName(name: string): name is RouteName {
  return NAMES.has(name);
}
