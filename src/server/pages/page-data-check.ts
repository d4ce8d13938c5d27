// In development and tests, the data each page resolves to is checked against the schema of
// its page kind (schemas/pages/{kind}.schema.json), and the template scope's shared roots
// against schemas/pages/scope.schema.json, so that a resolver and the schemas templates are
// checked against cannot drift apart. A mismatch throws, naming the route, the JSON pointer
// and the rule. Production skips the check.

import { PAGE_DATA_VALIDATORS } from "../../../generated/page-kinds";
import type { PageScopeRoots } from "../../../generated/types";
import type { ValidateFunction } from "../../../generated/validate-function";
import validateScope from "../../../generated/validators/pages/scope.js";
import { describeValidationError } from "../../shared/describe-error";
import type { Resolved } from "./page-kinds";

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
  check(route, `pages/${kind}.schema.json`, PAGE_DATA_VALIDATORS[kind] as ValidateFunction<unknown>, resolved.page, "/page");
}

/** Throws a PageDataError when $store, $route or $layout are not of the scope schema's shape (never in production). */
export function checkScopeRoots(route: string, roots: Omit<PageScopeRoots, "page">): void {
  if (!checking()) return;
  check(route, "pages/scope.schema.json", validateScope as ValidateFunction<unknown>, { ...roots, page: {} }, "");
}
