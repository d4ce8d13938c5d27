// Every /api/web call the reference server answers.

import { addressCalls } from "./calls/address";
import { articleCalls } from "./calls/articles";
import { authCalls } from "./calls/auth";
import { cartCalls } from "./calls/cart";
import { checkoutCalls } from "./calls/checkout";
import { codeSigninCalls } from "./calls/code-signin";
import { contentCalls } from "./calls/content";
import { favoriteCalls } from "./calls/favorite";
import { orderCalls } from "./calls/order";
import { qrCalls } from "./calls/qr";
import { returnCalls } from "./calls/return";
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
  ...orderCalls,
  ...returnCalls,
  ...addressCalls,
  ...contentCalls,
  ...favoriteCalls,
  ...articleCalls,
  ...trackingCalls,
];
