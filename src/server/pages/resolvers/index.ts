// Every built-in route's resolver: each page kind's `resolvers` (gathered by codegen into
// generated/resolvers.ts) and the root-level slug route, which dispatches to several kinds.
// A route in ROUTE_NAMES without a resolver, or a misspelt one, does not type-check.
import { KIND_RESOLVERS } from "../../../../generated/resolvers";
import type { RouteName } from "../../../shared/route-names";
import type { Resolver } from "./context";
import { slugResolvers } from "./slug";

export type { ResolveContext, Resolver } from "./context";

export const resolvers: Record<RouteName, Resolver> = { ...KIND_RESOLVERS, ...slugResolvers };
