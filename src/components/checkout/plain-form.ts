// Where the cart's and checkout's plain forms post (POST {prefix}/form/{name}, the forms
// contract of issue 20) and the `back` field each sends: the page's own path and query.
import type { FormState } from "../../../generated/types";
import { useRouteInfo } from "../../runtime/router/hooks";
import { withPrefix } from "../../shared/language-prefix";

export type PlainFormName = "cart-update" | "cart-remove" | "coupon" | "checkout";

export interface PlainForms {
  action(name: PlainFormName): string;
  /** The page's path under its prefix, with its query. */
  back: string;
}

export function usePlainForms(): PlainForms {
  const route = useRouteInfo();
  return {
    action: (name) => withPrefix(route.prefix, `/form/${name}`),
    back: withPrefix(route.prefix, route.path) + (route.search ? `?${route.search}` : ""),
  };
}

/** The flash when it belongs to one of `names`, else null. */
export function ownForm(form: FormState | undefined, ...names: PlainFormName[]): FormState | null {
  return form && (names as string[]).includes(form.name) ? form : null;
}
