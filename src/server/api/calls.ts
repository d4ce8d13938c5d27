// Every /api/web call the reference server answers.

import { addressCalls } from "./calls/address";
import { articleCalls } from "./calls/articles";
import { authCalls } from "./calls/auth";
import { cartCalls } from "./calls/cart";
import { checkoutCalls } from "./calls/checkout";
import { codeSigninCalls } from "./calls/code-signin";
import { commentCalls } from "./calls/comments";
import { contactCalls } from "./calls/contact";
import { contentCalls } from "./calls/content";
import { couponCalls } from "./calls/coupon";
import { favoriteCalls } from "./calls/favorite";
import { orderCalls } from "./calls/order";
import { productCalls } from "./calls/product";
import { qrCalls } from "./calls/qr";
import { returnCalls } from "./calls/return";
import { reviewCalls } from "./calls/review";
import { searchCalls } from "./calls/search";
import { sessionCalls } from "./calls/sessions";
import { trackingCalls } from "./calls/tracking";
import { userCalls } from "./calls/user";
import type { CallDef } from "./register";

export const allCalls: CallDef[] = [
  ...authCalls,
  ...qrCalls,
  ...codeSigninCalls,
  ...userCalls,
  ...sessionCalls,
  ...cartCalls,
  ...checkoutCalls,
  ...couponCalls,
  ...orderCalls,
  ...returnCalls,
  ...addressCalls,
  ...contentCalls,
  ...contactCalls,
  ...searchCalls,
  ...reviewCalls,
  ...productCalls,
  ...favoriteCalls,
  ...articleCalls,
  ...commentCalls,
  ...trackingCalls,
];
