// What the cart's plain forms (add to cart on the product page, a line's quantity on the cart
// page) share: the quantity as the island's stepper takes it, and a refusal turned into the
// flash, on the quantity field or above the form.
import type { FormState } from "./flash";
import { failureId } from "./messages";
import type { CallFailure } from "./run-call";

/** Whole units, 1 to 99 (cart/add's and cart/update's request schemas). */
const MAX_UNITS = 99;

/** The typed quantity (at most 10 characters kept) and its number, NaN when it is not 1 to 99 whole units. */
export function quantityOf(typed: string): { typed: string; quantity: number } {
  const kept = typed.trim().slice(0, 10);
  const quantity = /^\d{1,3}$/.test(kept) ? Number(kept) : Number.NaN;
  return { typed: kept, quantity: quantity >= 1 && quantity <= MAX_UNITS ? quantity : Number.NaN };
}

export interface KnownRefusal {
  errors: Record<string, string>;
  failure?: string;
}

/** The flash of a refused call: what the shopper can act on when it is known, else the call's failure above the form. */
export function refusal(
  values: Record<string, string>,
  known: KnownRefusal | null,
  failure: CallFailure,
): Omit<FormState, "name"> {
  return {
    values,
    errors: known?.errors ?? {},
    ...(known?.failure || !known ? { failure: known?.failure ?? failureId(failure) } : {}),
  };
}
