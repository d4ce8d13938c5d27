// Every component that may appear as an island. Adding one is: its file, its schema in
// schemas/components/, and one line here.
import { defineEntry, type Registry } from "./types";

export const registry: Registry = {
  HeaderNotice: defineEntry({
    load: () => import("../components/layout/HeaderNotice"),
    validator: () => import("../../generated/validators/components/HeaderNotice.js"),
    hydrate: "idle",
  }),
  ProductPrice: defineEntry({
    load: () => import("../components/product/ProductPrice"),
    validator: () => import("../../generated/validators/components/ProductPrice.js"),
    hydrate: "none",
  }),
  ProductScore: defineEntry({
    load: () => import("../components/product/ProductScore"),
    validator: () => import("../../generated/validators/components/ProductScore.js"),
    hydrate: "none",
  }),
};

export type { Registry, RegistryEntry, HydrateStrategy } from "./types";
