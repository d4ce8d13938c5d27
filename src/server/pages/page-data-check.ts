// In development and tests, the data each page resolves to is checked against the schema of
// its page kind (schemas/pages/{kind}.schema.json), and the template scope's shared roots
// against schemas/pages/scope.schema.json, so that a resolver and the schemas templates are
// checked against cannot drift apart. A mismatch throws, naming the route, the JSON pointer
// and the rule. Production skips the check.
import type { PageScopeRoots } from "../../../generated/types";
import type { ValidateFunction } from "../../../generated/validate-function";
import validateAccount from "../../../generated/validators/pages/account.js";
import validateArticle from "../../../generated/validators/pages/article.js";
import validateCart from "../../../generated/validators/pages/cart.js";
import validateCheckout from "../../../generated/validators/pages/checkout.js";
import validateContent from "../../../generated/validators/pages/content.js";
import validateError from "../../../generated/validators/pages/error.js";
import validateHome from "../../../generated/validators/pages/home.js";
import validateInquiry from "../../../generated/validators/pages/inquiry.js";
import validateLinks from "../../../generated/validators/pages/links.js";
import validateListing from "../../../generated/validators/pages/listing.js";
import validateProductDetail from "../../../generated/validators/pages/product-detail.js";
import validateScope from "../../../generated/validators/pages/scope.js";
import validateSearch from "../../../generated/validators/pages/search.js";
import validateSignin from "../../../generated/validators/pages/signin.js";
import validateSignup from "../../../generated/validators/pages/signup.js";
import validateThankyou from "../../../generated/validators/pages/thankyou.js";
import validateUserOrder from "../../../generated/validators/pages/user-order.js";
import validateUserOrderDetail from "../../../generated/validators/pages/user-order-detail.js";
import { describeValidationError } from "../../shared/describe-error";
import type { PageDataByKind, PageKind, Resolved } from "./page-kinds";

const VALIDATORS: { [K in PageKind]: ValidateFunction<PageDataByKind[K]> } = {
  account: validateAccount,
  article: validateArticle,
  cart: validateCart,
  checkout: validateCheckout,
  content: validateContent,
  error: validateError,
  home: validateHome,
  inquiry: validateInquiry,
  links: validateLinks,
  listing: validateListing,
  "product-detail": validateProductDetail,
  search: validateSearch,
  signin: validateSignin,
  signup: validateSignup,
  thankyou: validateThankyou,
  "user-order": validateUserOrder,
  "user-order-detail": validateUserOrderDetail,
};

export class PageDataError extends Error {
  constructor(
    readonly route: string,
    readonly schema: string,
    readonly pointer: string,
    readonly rule: string,
  ) {
    super(`route ${route}: the page data does not match schemas/${schema}: ${pointer || "/"} ${rule}`);
    this.name = "PageDataError";
  }
}

const checking = () => process.env.NODE_ENV !== "production";

function check(route: string, schema: string, validate: ValidateFunction<unknown>, data: unknown, prefix: string): void {
  // A copy: validators fill in schema defaults, and the page must go out as resolved.
  if (validate(structuredClone(data))) return;
  const { pointer, message } = describeValidationError(validate.errors?.[0] ?? undefined);
  throw new PageDataError(route, schema, prefix + pointer, message);
}

/** Throws a PageDataError when the page data is not of its kind's shape (never in production). */
export function checkPageData(route: string, resolved: Resolved): void {
  if (!checking()) return;
  const kind = resolved.template;
  check(route, `pages/${kind}.schema.json`, VALIDATORS[kind] as ValidateFunction<unknown>, resolved.page, "/page");
}

/** Throws a PageDataError when $store, $route or $layout are not of the scope schema's shape (never in production). */
export function checkScopeRoots(route: string, roots: Omit<PageScopeRoots, "page">): void {
  if (!checking()) return;
  check(route, "pages/scope.schema.json", validateScope as ValidateFunction<unknown>, { ...roots, page: {} }, "");
}
