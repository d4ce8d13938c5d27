// Every /api/web call the reference server answers.

import { addressCalls } from "./calls/address";
import { authCalls } from "./calls/auth";
import { cartCalls } from "./calls/cart";
import { checkoutCalls } from "./calls/checkout";
import { contentCalls } from "./calls/content";
import { favoriteCalls } from "./calls/favorite";
import { orderCalls } from "./calls/order";
import { returnCalls } from "./calls/return";
import { trackingCalls } from "./calls/tracking";
import { userCalls } from "./calls/user";
import type { CallDef } from "./register";

export const allCalls: CallDef[] = [
  ...authCalls,
  ...userCalls,
  ...cartCalls,
  ...checkoutCalls,
  ...orderCalls,
  ...returnCalls,
  ...addressCalls,
  ...contentCalls,
  ...favoriteCalls,
  ...trackingCalls,
];
