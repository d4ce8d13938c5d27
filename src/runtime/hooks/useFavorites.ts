import type { FavoriteType } from "../../../generated/types";
import type { FavoritesState } from "../favorites";
import { findService, getService } from "./registry";
import { useServiceState } from "./store-hook";

const NONE: FavoritesState = { lists: { article: [], product: [], page: [] }, ready: false };

/** The wish list, whether an item is on it, and the calls that change it. */
export function useFavorites() {
  const state = useServiceState(findService("favorites"), NONE);
  return {
    ...state,
    has: (type: FavoriteType, id: string) => state.lists[type].some((item) => item.id === id),
    add: (type: FavoriteType, id: string) => getService("favorites").add(type, id),
    cancel: (type: FavoriteType, id: string) => getService("favorites").cancel(type, id),
  };
}
