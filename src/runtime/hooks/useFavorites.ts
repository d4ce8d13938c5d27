import type { FavoriteType } from "../../../generated/types";
import type { FavoritesState } from "../favorites";
import { requireService, useServices } from "./services-context";
import { useServiceState } from "./store-hook";

const NONE: FavoritesState = { lists: { article: [], product: [], page: [] }, ready: false };

/** The wish list, whether an item is on it, and the calls that change it. */
export function useFavorites() {
  const services = useServices();
  const state = useServiceState(services.favorites, NONE);
  return {
    ...state,
    has: (type: FavoriteType, id: string) => state.lists[type].some((item) => item.id === id),
    add: (type: FavoriteType, id: string) => requireService(services, "favorites").add(type, id),
    cancel: (type: FavoriteType, id: string) => requireService(services, "favorites").cancel(type, id),
  };
}
