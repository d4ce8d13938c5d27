import type { ComponentType } from "react";
import type { ValidateFunction } from "../../generated/validate-function";

/** When an island's JavaScript is downloaded and run. */
export type HydrateStrategy = "load" | "idle" | "visible" | "interaction" | "none";

export const HYDRATE_STRATEGIES: readonly HydrateStrategy[] = ["load", "idle", "visible", "interaction", "none"];

/** One registered component: its code and its props validator, each its own chunk. */
export interface RegistryEntry<P = any> {
  load: () => Promise<{ default: ComponentType<P> }>;
  validator: () => Promise<{ default: ValidateFunction<P> }>;
  /** Strategy used when the island does not name one in data-hydrate. */
  hydrate: HydrateStrategy;
}

export type Registry = Readonly<Record<string, RegistryEntry>>;

/** Ties an entry's component props to its generated validator's type. */
export function defineEntry<P>(entry: RegistryEntry<P>): RegistryEntry<P> {
  return entry;
}
