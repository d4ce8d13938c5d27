// Every component that may appear as an island: one entry per component schema, generated
// by `npm run codegen` from schemas/components/{Name}.schema.json (its `x-hydrate`) and
// src/components/{area}/{Name}.tsx. The generated entry's type ties the component's props
// to its schema's type, so the two cannot disagree.
import { ISLANDS } from "../../generated/islands";
import type { Registry } from "./types";

export const registry: Registry = ISLANDS;

export type { HydrateStrategy, Registry, RegistryEntry } from "./types";
