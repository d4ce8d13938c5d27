// The renderer's props checks (src/renderer/props-check.ts): a validator loaded once per
// component, a failed load tried again, and accepted texts remembered without a second check.
import { describe, expect, it, vi } from "vitest";
import type { RegistryEntry } from "../../../src/registry/types";
import { createPropsChecks } from "../../../src/renderer/props-check";

function entryWith(validator: RegistryEntry["validator"]): RegistryEntry {
  return { load: vi.fn(), validator, hydrate: "load" } as unknown as RegistryEntry;
}

const positive = Object.assign((props: unknown) => (props as { n: number }).n > 0, {
  errors: [{ instancePath: "/n", message: "must be > 0" }],
});

describe("props checks", () => {
  it("loads a component's validator once, checks at once after that, and remembers accepted texts", async () => {
    const checks = createPropsChecks();
    const validator = vi.fn(async () => ({ default: positive }));
    const entry = entryWith(validator as unknown as RegistryEntry["validator"]);
    const first = checks.parse("A", '{"n":1}');
    expect(first).toEqual({ ok: true, value: { n: 1 } });
    const pending = checks.check("A", entry, '{"n":1}', { n: 1 });
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ ok: true });
    // Loaded: the next island of it is checked without waiting.
    expect(checks.check("A", entry, '{"n":-1}', { n: -1 })).toEqual({ ok: false, message: expect.stringContaining("/n") });
    expect(validator).toHaveBeenCalledTimes(1);
    expect(checks.parse("A", '{"n":1}')).toEqual({ ok: true, value: { n: 1 }, known: true });
    expect(checks.parse("A", '{"n":-1}')).toEqual({ ok: true, value: { n: -1 } });
    expect(checks.parse("B", '{"n":1}')).toEqual({ ok: true, value: { n: 1 } });
  });

  it("says when the validator cannot load, and tries again for the next island", async () => {
    const checks = createPropsChecks();
    const validator = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({ default: positive });
    const entry = entryWith(validator as unknown as RegistryEntry["validator"]);
    expect(await checks.check("A", entry, '{"n":1}', { n: 1 })).toEqual({
      ok: false,
      message: expect.stringContaining("could not load its props validator (Error: offline)"),
    });
    expect(await checks.check("A", entry, '{"n":1}', { n: 1 })).toEqual({ ok: true });
    expect(validator).toHaveBeenCalledTimes(2);
  });
});
