// Every component that may appear as an island. Adding one is: its file, its schema in
// schemas/components/, and one line here.
import { defineEntry, type Registry } from "./types";

export const registry: Registry = {
  ArticleList: defineEntry({
    load: () => import("../components/content/ArticleList"),
    validator: () => import("../../generated/validators/components/ArticleList.js"),
    hydrate: "none",
  }),
  HeaderNotice: defineEntry({
    load: () => import("../components/layout/HeaderNotice"),
    validator: () => import("../../generated/validators/components/HeaderNotice.js"),
    hydrate: "idle",
  }),
  Hero: defineEntry({
    load: () => import("../components/content/Hero"),
    validator: () => import("../../generated/validators/components/Hero.js"),
    hydrate: "none",
  }),
  LinkList: defineEntry({
    load: () => import("../components/catalog/LinkList"),
    validator: () => import("../../generated/validators/components/LinkList.js"),
    hydrate: "none",
  }),
  LocaleSwitch: defineEntry({
    load: () => import("../components/layout/LocaleSwitch"),
    validator: () => import("../../generated/validators/components/LocaleSwitch.js"),
    hydrate: "idle",
  }),
  ProductCard: defineEntry({
    load: () => import("../components/catalog/ProductCard"),
    validator: () => import("../../generated/validators/components/ProductCard.js"),
    hydrate: "none",
  }),
  ProductDetail: defineEntry({
    load: () => import("../components/product/ProductDetail"),
    validator: () => import("../../generated/validators/components/ProductDetail.js"),
    hydrate: "none",
  }),
  ProductGrid: defineEntry({
    load: () => import("../components/catalog/ProductGrid"),
    validator: () => import("../../generated/validators/components/ProductGrid.js"),
    hydrate: "none",
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
  RichText: defineEntry({
    load: () => import("../components/content/RichText"),
    validator: () => import("../../generated/validators/components/RichText.js"),
    hydrate: "none",
  }),
  SearchBox: defineEntry({
    load: () => import("../components/catalog/SearchBox"),
    validator: () => import("../../generated/validators/components/SearchBox.js"),
    hydrate: "none",
  }),
  SiteFooter: defineEntry({
    load: () => import("../components/content/SiteFooter"),
    validator: () => import("../../generated/validators/components/SiteFooter.js"),
    hydrate: "none",
  }),
  SiteHeader: defineEntry({
    load: () => import("../components/content/SiteHeader"),
    validator: () => import("../../generated/validators/components/SiteHeader.js"),
    hydrate: "none",
  }),
  StatusMessage: defineEntry({
    load: () => import("../components/content/StatusMessage"),
    validator: () => import("../../generated/validators/components/StatusMessage.js"),
    hydrate: "none",
  }),
  Toaster: defineEntry({
    load: () => import("../components/common/Toaster"),
    validator: () => import("../../generated/validators/components/Toaster.js"),
    hydrate: "load",
  }),
};

export type { Registry, RegistryEntry, HydrateStrategy } from "./types";
