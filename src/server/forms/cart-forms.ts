// The cart page's forms as plain posts: a line's quantity (cart/update) and removing a line
// (cart/remove). Both come back to the cart page; a refusal is shown beside its line.
import { type KnownRefusal, quantityOf, refusal } from "./cart-quantity";
import { errorIds, failureId } from "./messages";
import { defineForm, type FormOutcome } from "./register";

/** cart/update's refusals a shopper can act on, by their reason. */
function updateFailure(reason: string | undefined): KnownRefusal | null {
  if (reason === "cart.reason.notEnough" || reason === "cart.reason.soldOut") return { errors: { quantity: "cart.form.stock" } };
  if (reason === "cart.reason.notInCart") return { errors: {}, failure: "cart.form.gone" };
  if (reason === "cart.reason.unavailable") return { errors: {}, failure: "form.cart.unavailable" };
  return null;
}

const skuOf = (fields: URLSearchParams) => (fields.get("sku") ?? "").trim().slice(0, 64);

const cartUpdate = defineForm("cart-update", async (ctx): Promise<FormOutcome> => {
  const sku = skuOf(ctx.fields);
  // The − and + buttons post the quantity they lead to after the field's own.
  const { typed, quantity } = quantityOf(ctx.fields.getAll("quantity").at(-1) ?? "");
  const values = { sku, quantity: typed };
  if (Number.isNaN(quantity)) {
    return { back: ctx.back, state: { values, errors: errorIds({ quantity: { id: "cart.form.quantity" } }) } };
  }
  const outcome = await ctx.run("cart/update", { sku, quantity });
  if (outcome.ok) return { redirect: ctx.links.to("/cart") };
  return { back: ctx.back, state: refusal(values, updateFailure(outcome.failure.reason?.id), outcome.failure) };
});

const cartRemove = defineForm("cart-remove", async (ctx): Promise<FormOutcome> => {
  const sku = skuOf(ctx.fields);
  const outcome = await ctx.run("cart/remove", { skus: [sku] });
  if (outcome.ok) return { redirect: ctx.links.to("/cart") };
  return { back: ctx.back, state: { values: { sku }, errors: {}, failure: failureId(outcome.failure) } };
});

export const cartForms = [cartUpdate, cartRemove];
