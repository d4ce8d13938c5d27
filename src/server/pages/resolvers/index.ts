// Every built-in route's resolver, one entry per route name: a route added to ROUTE_NAMES
// without a resolver here, or a misspelt one, does not type-check.
import type { RouteName } from "../../../shared/route-names";
import { accountResolvers } from "./account";
import { articleResolvers } from "./article";
import { cartResolvers } from "./cart";
import { checkoutResolvers } from "./checkout";
import { contentResolvers } from "./content";
import type { Resolver } from "./context";
import { errorResolvers } from "./error";
import { homeResolvers } from "./home";
import { inquiryResolvers } from "./inquiry";
import { linksResolvers } from "./links";
import { listingResolvers } from "./listing";
import { productDetailResolvers } from "./product-detail";
import { searchResolvers } from "./search";
import { signinResolvers } from "./signin";
import { signupResolvers } from "./signup";
import { slugResolvers } from "./slug";
import { thankyouResolvers } from "./thankyou";
import { userOrderResolvers } from "./user-order";
import { userOrderDetailResolvers } from "./user-order-detail";

export type { ExtraReview, ResolveContext, Resolver } from "./context";

export const resolvers: Record<RouteName, Resolver> = {
  ...homeResolvers,
  ...searchResolvers,
  ...cartResolvers,
  ...checkoutResolvers,
  ...thankyouResolvers,
  ...userOrderResolvers,
  ...userOrderDetailResolvers,
  ...signinResolvers,
  ...signupResolvers,
  ...accountResolvers,
  ...linksResolvers,
  ...listingResolvers,
  ...productDetailResolvers,
  ...articleResolvers,
  ...contentResolvers,
  ...inquiryResolvers,
  ...errorResolvers,
  ...slugResolvers,
};
