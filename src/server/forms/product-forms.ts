// The product page's forms as plain posts: "Add to cart" (cart/add, then the cart page) and
// saving to or taking off the wish list (favorite/add, favorite/cancel, which need a session:
// a visitor is sent to sign in and comes back to the page).
import { type KnownRefusal, quantityOf, refusal } from "./cart-quantity";
import { errorIds, failureId } from "./messages";
import { defineForm, type FormOutcome } from "./register";
import { sessionOf } from "./run-call";

/** cart/add's refusals a shopper can act on, by their reason: on the quantity field, or above the form. */
function cartAddFailure(reason: string | undefined): KnownRefusal | null {
  if (reason === "cart.reason.notEnough") return { errors: { quantity: "form.cart.notEnough" } };
  if (reason === "cart.reason.tooMany") return { errors: { quantity: "form.cart.tooMany" } };
  if (reason === "cart.reason.soldOut") return { errors: {}, failure: "product.addToCart.soldOut" };
  if (reason === "cart.reason.unavailable") return { errors: {}, failure: "form.cart.unavailable" };
  return null;
}

const cartAdd = defineForm("cart-add", async (ctx): Promise<FormOutcome> => {
  const sku = (ctx.fields.get("sku") ?? "").trim().slice(0, 64);
  const { typed, quantity } = quantityOf(ctx.fields.get("quantity") ?? "1");
  const values = { sku, quantity: typed };
  if (Number.isNaN(quantity)) {
    return { back: ctx.back, state: { values, errors: errorIds({ quantity: { id: "product.quantity.range" } }) } };
  }
  const outcome = await ctx.run("cart/add", { sku, quantity });
  if (outcome.ok) return { redirect: ctx.links.to("/cart") };
  return { back: ctx.back, state: refusal(values, cartAddFailure(outcome.failure.reason?.id), outcome.failure) };
});

const favorite = defineForm("favorite", async (ctx): Promise<FormOutcome> => {
  const type = (ctx.fields.get("type") ?? "").slice(0, 20);
  const id = (ctx.fields.get("id") ?? "").slice(0, 64);
  const cancel = ctx.fields.get("action") === "cancel";
  const values = { type, id, action: cancel ? "cancel" : "add" };
  if (!sessionOf(ctx)) {
    return { redirect: `${ctx.links.to("/auth/signin")}?redirect=${encodeURIComponent(ctx.back)}` };
  }
  const outcome = cancel ? await ctx.run("favorite/cancel", { type, id }) : await ctx.run("favorite/add", { type, id });
  if (outcome.ok) return { redirect: ctx.back, notice: cancel ? "form.favorite.removed" : "form.favorite.added", values };
  const gone = outcome.failure.id === "refusal.favorite.gone";
  return { back: ctx.back, state: { values, errors: {}, failure: gone ? "form.favorite.gone" : failureId(outcome.failure) } };
});

export const productForms = [cartAdd, favorite];
