// The cart's count in the header before the header's island hydrates (it hydrates when the
// shopper reaches for it): written as custom properties on <html>, which the empty badge shows
// (app.css), so the markup React hydrates stays exactly the server's. Once hydrated, the badge
// holds the count as text and these properties no longer show.
import type { Bus } from "./bus";

/** Past this the badge says "99+". */
export const BADGE_MAX = 99;

/** The badge's text for a count: nothing for none. */
export function badgeText(count: number): string {
  return count > 0 ? (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)) : "";
}

export interface CartBadgeEnv {
  root: HTMLElement;
  bus: Pick<Bus, "on" | "off">;
  /** The count now (the cart service's). */
  count: () => number;
}

/** Keeps the properties in step with the cart's count until the returned function stops it. */
export function showCartBadge({ root, bus, count }: CartBadgeEnv): () => void {
  const write = (value: number) => {
    const text = badgeText(value);
    if (text) {
      root.style.setProperty("--sf-cart-count", JSON.stringify(text));
      root.style.setProperty("--sf-cart-shown", "visible");
    } else {
      root.style.removeProperty("--sf-cart-count");
      root.style.removeProperty("--sf-cart-shown");
    }
  };
  write(count());
  bus.on("cart:changed", write);
  return () => {
    bus.off("cart:changed", write);
    write(0);
  };
}
