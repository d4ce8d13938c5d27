import type { ComponentType } from "react";
import { HYDRATE_STRATEGIES as STRATEGIES } from "../../generated/constants";
import type { HydrateStrategy } from "../../generated/types";
import type { ValidateFunction } from "../../generated/validate-function";

/** When an island's JavaScript is downloaded and run: schemas/common/hydrate-strategy.schema.json. */
export type { HydrateStrategy };

export const HYDRATE_STRATEGIES: readonly HydrateStrategy[] = STRATEGIES;

/** One registered component: its code and its props validator, each its own chunk. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds components of every props type in one record; ComponentType is contravariant in its props, so no type but any accepts them all (each island's props are checked by its own validator at run time).
export interface RegistryEntry<P = any> {
  load: () => Promise<{ default: ComponentType<P> }>;
  validator: () => Promise<{ default: ValidateFunction<P> }>;
  /** Strategy used when the island does not name one in data-hydrate. */
  hydrate: HydrateStrategy;
  /** Strategy used instead for a signed-in shopper: what the island shows then needs the session. */
  hydrateSignedIn?: HydrateStrategy;
  /** "all": it needs the messages outside the shop's pages too; otherwise the base part is enough. */
  messages?: "all";
}

export type Registry = Readonly<Record<string, RegistryEntry>>;
