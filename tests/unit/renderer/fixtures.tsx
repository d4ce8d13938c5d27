// Test doubles for the renderer: a registry of tiny components whose behaviour each test controls.
import { useEffect, useState } from "react";
import { vi } from "vitest";
import validateProductPrice from "../../../generated/validators/components/ProductPrice.js";
import type { HydrateStrategy, Registry, RegistryEntry } from "../../../src/registry/types";

/** A Counter's effect ran: effects may run after paint, so an island can be "mounted" before. */
export const started = vi.fn();
export const unmounted = vi.fn();

function Counter({ start = 0, label = "count" }: { start?: number; label?: string }) {
  const [n, setN] = useState(start);
  useEffect(() => {
    started("Counter");
    return () => unmounted("Counter");
  }, []);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function Thrower(): never {
  throw new Error("boom");
}

/** What a registry entry holds, whatever its component's props. */
type EntryComponent = Awaited<ReturnType<RegistryEntry["load"]>>["default"];
type EntryValidator = Awaited<ReturnType<RegistryEntry["validator"]>>["default"];

const acceptAll: EntryValidator = Object.assign((_data: unknown): _data is unknown => true, { errors: null });

function entry(component: EntryComponent, hydrate: HydrateStrategy, validate = acceptAll): RegistryEntry {
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
