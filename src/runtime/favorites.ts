// The signed-in customer's wish list: three lists (article, product, page), fetched at
// start unless an earlier answer was empty (the no-wishlist flag), so a shopper who saves
// nothing is not asked about it on every page. Adding, removing, listing and counting keep
// the lists and the flag in step with what the server says.
import type {
  FavoriteCountResponse,
  FavoriteItem,
  FavoriteListRequest,
  FavoriteListResponse,
  FavoriteType,
} from "../../generated/types";
import type { Api } from "./api/client";
import type { Bus } from "./bus";
import type { Store } from "./storage";

export const FAVORITE_TYPES: readonly FavoriteType[] = ["article", "product", "page"];

export type FavoriteLists = Readonly<Record<FavoriteType, readonly FavoriteItem[]>>;

export interface FavoritesState {
  lists: FavoriteLists;
  /** The lists reflect the server (fetched, or known empty). */
  ready: boolean;
}

export interface FavoritesEnv {
  bus: Bus;
  api: Api;
  store: Store;
}

export interface Favorites {
  start(): void;
  stop(): void;
  getSnapshot(): FavoritesState;
  subscribe(onChange: () => void): () => void;
  has(type: FavoriteType, id: string): boolean;
  /** Fetches the whole wish list (also when the flag is set). */
  load(): Promise<void>;
  add(type: FavoriteType, id: string): Promise<FavoriteItem>;
  cancel(type: FavoriteType, id: string): Promise<void>;
  list(request: FavoriteListRequest): Promise<FavoriteListResponse>;
  count(): Promise<FavoriteCountResponse>;
}

const EMPTY: FavoriteLists = { article: [], product: [], page: [] };

export function createFavorites(env: FavoritesEnv): Favorites {
  const { api, bus, store } = env;
  let state: FavoritesState = { lists: EMPTY, ready: false };
  let generation = 0;
  let running = false;

  function set(lists: FavoriteLists, ready = true) {
    state = { lists, ready };
    const empty = FAVORITE_TYPES.every((t) => lists[t].length === 0);
    if (ready && empty) store.set("noWishList", true);
    else if (!empty) store.remove("noWishList");
    bus.emit("favorites:changed");
  }

  function signedIn() {
    return store.get("token") !== null;
  }

  async function load() {
    if (!signedIn()) return;
    const mine = ++generation;
    try {
      // No data at all is an empty wish list too (production builds do not check answers).
      const data: Partial<FavoriteLists> | null = await api.post("favorite/wishList", {}, { toast: false });
      if (mine !== generation) return;
      set({ article: data?.article ?? [], product: data?.product ?? [], page: data?.page ?? [] });
    } catch {
      // Unknown until the next page: the flag stays as it was.
    }
  }

  function init() {
    if (signedIn() && !store.get("noWishList")) void load();
    else if (signedIn()) set(EMPTY);
  }

  let wasSignedIn = false;
  const onSession = ({ signedIn: isIn }: { signedIn: boolean }) => {
    // Also sent when only the user info changed.
    if (isIn === wasSignedIn) return;
    wasSignedIn = isIn;
    generation++;
    if (isIn) {
      // Someone (perhaps someone else) signed in: the old flag says nothing about them.
      store.remove("noWishList");
      void load();
    } else {
      state = { lists: EMPTY, ready: false };
      bus.emit("favorites:changed");
    }
  };

  function withItem(type: FavoriteType, item: FavoriteItem): FavoriteLists {
    const rest = state.lists[type].filter((i) => i.id !== item.id);
    return { ...state.lists, [type]: [item, ...rest] };
  }

  return {
    start() {
      if (running) return;
      running = true;
      wasSignedIn = signedIn();
      bus.on("session:changed", onSession);
      init();
    },
    stop() {
      running = false;
      generation++;
      bus.off("session:changed", onSession);
    },
    getSnapshot: () => state,
    subscribe(onChange) {
      bus.on("favorites:changed", onChange);
      return () => bus.off("favorites:changed", onChange);
    },
    has: (type, id) => state.lists[type].some((item) => item.id === id),
    load,
    async add(type, id) {
      const item = await api.post("favorite/add", { type, id });
      generation++;
      set(withItem(type, item), state.ready);
      return item;
    },
    async cancel(type, id) {
      await api.post("favorite/cancel", { type, id });
      generation++;
      set({ ...state.lists, [type]: state.lists[type].filter((i) => i.id !== id) }, state.ready);
    },
    async list(request) {
      const data = await api.post("favorite/list", request);
      // A first page holding every entry is the whole list of that kind.
      if ((request.page ?? 1) === 1 && data.items.length >= data.total) {
        generation++;
        set({ ...state.lists, [request.type]: data.items }, state.ready);
      }
      return data;
    },
    async count() {
      const counts = await api.post("favorite/count", {});
      const known = FAVORITE_TYPES.every((t) => state.lists[t].length === counts[t]);
      if (FAVORITE_TYPES.every((t) => counts[t] === 0)) {
        generation++;
        set(EMPTY);
      } else if (!known) {
        store.remove("noWishList");
        await load();
      }
      return counts;
    },
  };
}
