// Choosing a variant changes the address to its own (/product/{slug}/{sku}, with the
// language prefix the server wrote into its href) without fetching the page again: the
// page on screen already holds every variant. The router's history key in the entry's
// state is kept, and islands reading the route see the new address.
import { type LocationStore, locationStore } from "../../runtime/router/location-store";

export function showVariantAddress(
  href: string,
  win: Pick<Window, "location" | "history"> = window,
  store: LocationStore = locationStore,
): void {
  const url = new URL(href, win.location.href);
  if (url.origin !== win.location.origin) return;
  win.history.replaceState(win.history.state, "", url.href);
  store.set(url);
}
