// Every component that may appear as an island. Adding one is: its file, its schema in
// schemas/components/, and one line here.
import { defineEntry, type Registry } from "./types";

export const registry: Registry = {
  AddToCart: defineEntry({
    load: () => import("../components/product/AddToCart"),
    validator: () => import("../../generated/validators/components/AddToCart.js"),
    hydrate: "visible",
  }),
  ArticleList: defineEntry({
    load: () => import("../components/content/ArticleList"),
    validator: () => import("../../generated/validators/components/ArticleList.js"),
    hydrate: "none",
  }),
  CartDrawer: defineEntry({
    load: () => import("../components/cart/CartDrawer"),
    validator: () => import("../../generated/validators/components/CartDrawer.js"),
    hydrate: "idle",
  }),
  CartPage: defineEntry({
    load: () => import("../components/cart/CartPage"),
    validator: () => import("../../generated/validators/components/CartPage.js"),
    hydrate: "load",
  }),
  Checkout: defineEntry({
    load: () => import("../components/checkout/Checkout"),
    validator: () => import("../../generated/validators/components/Checkout.js"),
    hydrate: "load",
  }),
  FavoriteButton: defineEntry({
    load: () => import("../components/product/FavoriteButton"),
    validator: () => import("../../generated/validators/components/FavoriteButton.js"),
    hydrate: "visible",
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
  Newsletter: defineEntry({
    load: () => import("../components/layout/Newsletter"),
    validator: () => import("../../generated/validators/components/Newsletter.js"),
    hydrate: "visible",
  }),
  ProductCard: defineEntry({
    load: () => import("../components/catalog/ProductCard"),
    validator: () => import("../../generated/validators/components/ProductCard.js"),
    hydrate: "none",
  }),
  ProductDetail: defineEntry({
    load: () => import("../components/product/ProductDetail"),
    validator: () => import("../../generated/validators/components/ProductDetail.js"),
    hydrate: "visible",
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
  ProductSlides: defineEntry({
    load: () => import("../components/product/ProductSlides"),
    validator: () => import("../../generated/validators/components/ProductSlides.js"),
    hydrate: "visible",
  }),
  ProductSpec: defineEntry({
    load: () => import("../components/product/ProductSpec"),
    validator: () => import("../../generated/validators/components/ProductSpec.js"),
    hydrate: "visible",
  }),
  QuantityInput: defineEntry({
    load: () => import("../components/product/QuantityInput"),
    validator: () => import("../../generated/validators/components/QuantityInput.js"),
    hydrate: "interaction",
  }),
  ReviewsList: defineEntry({
    load: () => import("../components/product/ReviewsList"),
    validator: () => import("../../generated/validators/components/ReviewsList.js"),
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
  SignIn: defineEntry({
    load: () => import("../components/auth/SignIn"),
    validator: () => import("../../generated/validators/components/SignIn.js"),
    hydrate: "load",
  }),
  SignUp: defineEntry({
    load: () => import("../components/auth/SignUp"),
    validator: () => import("../../generated/validators/components/SignUp.js"),
    hydrate: "load",
  }),
  SiteFooter: defineEntry({
    load: () => import("../components/layout/SiteFooter"),
    validator: () => import("../../generated/validators/components/SiteFooter.js"),
    hydrate: "none",
  }),
  SiteHeader: defineEntry({
    load: () => import("../components/layout/SiteHeader"),
    validator: () => import("../../generated/validators/components/SiteHeader.js"),
    hydrate: "load",
  }),
  Slides: defineEntry({
    load: () => import("../components/content/Slides"),
    validator: () => import("../../generated/validators/components/Slides.js"),
    hydrate: "visible",
  }),
  StatusMessage: defineEntry({
    load: () => import("../components/content/StatusMessage"),
    validator: () => import("../../generated/validators/components/StatusMessage.js"),
    hydrate: "none",
  }),
  ThankYou: defineEntry({
    load: () => import("../components/checkout/ThankYou"),
    validator: () => import("../../generated/validators/components/ThankYou.js"),
    hydrate: "none",
  }),
  Toaster: defineEntry({
    load: () => import("../components/common/Toaster"),
    validator: () => import("../../generated/validators/components/Toaster.js"),
    hydrate: "load",
  }),
  UserOrderDetail: defineEntry({
    load: () => import("../components/user/UserOrderDetail"),
    validator: () => import("../../generated/validators/components/UserOrderDetail.js"),
    hydrate: "load",
  }),
  UserOrders: defineEntry({
    load: () => import("../components/user/UserOrders"),
    validator: () => import("../../generated/validators/components/UserOrders.js"),
    hydrate: "load",
  }),
};

export type { Registry, RegistryEntry, HydrateStrategy } from "./types";
