// Test doubles for the renderer: a registry of tiny components whose behaviour each test controls.
import { useEffect, useState } from "react";
import { vi } from "vitest";
import type { ValidateFunction } from "../../../generated/validate-function";
import type { Registry, RegistryEntry, HydrateStrategy } from "../../../src/registry/types";
import validateProductPrice from "../../../generated/validators/components/ProductPrice.js";

export const unmounted = vi.fn();

function Counter({ start = 0 }: { start?: number }) {
  const [n, setN] = useState(start);
  useEffect(() => () => unmounted("Counter"), []);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      count {n}
    </button>
  );
}

function Thrower(): never {
  throw new Error("boom");
}

const acceptAll = Object.assign((_data: unknown): _data is any => true, { errors: null }) as ValidateFunction<any>;

function entry(component: React.ComponentType<any>, hydrate: HydrateStrategy, validate = acceptAll): RegistryEntry {
  return {
    load: vi.fn(async () => ({ default: component })),
    validator: vi.fn(async () => ({ default: validate })),
    hydrate,
  };
}

export function makeRegistry(): Registry & Record<string, RegistryEntry> {
  return {
    Counter: entry(Counter, "load"),
    IdleCounter: entry(Counter, "idle"),
    Thrower: entry(Thrower, "load"),
    Price: entry(
      ({ price, currency }: { price: number; currency: string }) => <span>{`${currency} ${price}`}</span>,
      "load",
      validateProductPrice,
    ),
  };
}

export function island(name: string, props: unknown, attrs: Record<string, string> = {}, inner = ""): string {
  const extra = Object.entries(attrs)
    .map(([k, v]) => (v === "" ? ` ${k}` : ` ${k}="${v}"`))
    .join("");
  const json = typeof props === "string" ? props : JSON.stringify(props);
  return `<div data-component="${name}" data-props='${json}'${extra}>${inner}</div>`;
}
