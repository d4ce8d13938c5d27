// The shop's keys in localStorage, each read through a check. localStorage may throw on
// every access (private mode, blocked cookies, quota) and may hold anything (an old
// version, a hand edit): a value that fails its check reads as absent, so the shop then
// runs signed out instead of crashing. When writing fails the value is kept in memory
// for this page, so the visit still works.
import { COMMON_FIELDS_PATTERNS } from "../../generated/constants";
import type { UserInfo } from "../../generated/types";
import type { EventSource } from "./env";

export interface StoredValues {
  token: string;
  user: UserInfo;
  visitorId: string;
  cartCount: number;
  languagePath: string;
  noWishList: boolean;
}

export type StorageKey = keyof StoredValues;

/** The localStorage names; the "sf." prefix keeps them apart from a theme's own keys. */
export const STORAGE_NAMES: Readonly<Record<StorageKey, string>> = {
  token: "sf.token",
  user: "sf.user",
  visitorId: "sf.visitorId",
  cartCount: "sf.cartCount",
  languagePath: "sf.languagePath",
  noWishList: "sf.noWishList",
};

type Codec<T> = { read(raw: string): T | null; write(value: T): string };

const text = (pattern: RegExp): Codec<string> => ({
  read: (raw) => (pattern.test(raw) ? raw : null),
  write: (value) => value,
});

export const VISITOR_ID = new RegExp(COMMON_FIELDS_PATTERNS.visitorId, "u");

const CODECS: { [K in StorageKey]: Codec<StoredValues[K]> } = {
  // Sent as the x-auth header: printable ASCII only, or fetch itself would throw.
  token: text(/^[\x21-\x7e]{1,4096}$/),
  user: {
    read(raw) {
      try {
        const value: unknown = JSON.parse(raw);
        const user = value as Partial<UserInfo> | null;
        return user && typeof user === "object" && !Array.isArray(user) && typeof user.id === "string" && user.id
          ? (user as UserInfo)
          : null;
      } catch {
        return null;
      }
    },
    write: (value) => JSON.stringify(value),
  },
  visitorId: text(VISITOR_ID),
  cartCount: {
    read: (raw) => (/^\d{1,6}$/.test(raw) ? Number(raw) : null),
    write: (value) => String(value),
  },
  languagePath: text(/^[A-Za-z]{0,3}(-[A-Za-z]{2,4})?$/),
  noWishList: { read: (raw) => (raw === "1" ? true : null), write: () => "1" },
};

export interface Store {
  get<K extends StorageKey>(key: K): StoredValues[K] | null;
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void;
  remove(key: StorageKey): void;
  /** Calls back with our key when another tab changes it (the `storage` event). */
  watch(target: EventSource, onChange: (key: StorageKey) => void): () => void;
}

export function createStore(getBacking: () => Storage): Store {
  // Values written while the backing store refused them; they shadow what it holds.
  const memory = new Map<StorageKey, string | null>();
  function raw(key: StorageKey): string | null {
    if (memory.has(key)) return memory.get(key) ?? null;
    try {
      return getBacking().getItem(STORAGE_NAMES[key]);
    } catch {
      return null;
    }
  }
  function write(key: StorageKey, value: string | null) {
    try {
      const backing = getBacking();
      if (value === null) backing.removeItem(STORAGE_NAMES[key]);
      else backing.setItem(STORAGE_NAMES[key], value);
      memory.delete(key);
    } catch {
      memory.set(key, value);
    }
  }
  const keyOf = new Map(Object.entries(STORAGE_NAMES).map(([key, name]) => [name, key as StorageKey]));
  return {
    get(key) {
      const value = raw(key);
      return value === null ? null : CODECS[key].read(value);
    },
    set(key, value) {
      write(key, CODECS[key].write(value));
    },
    remove(key) {
      write(key, null);
    },
    watch(target, onChange) {
      const handler = (event: Event) => {
        const name = (event as StorageEvent).key;
        // A null key means another tab cleared the whole store.
        const keys = name === null ? [...keyOf.values()] : [keyOf.get(name)];
        for (const key of keys) if (key) onChange(key);
      };
      target.addEventListener("storage", handler);
      return () => target.removeEventListener("storage", handler);
    },
  };
}
