import { describe, expect, it } from "vitest";
import { createNoLoadMemory } from "../../../src/runtime/router/no-load";

const at = (path: string) => new URL(path, "https://shop.test");

describe("noLoad memory", () => {
  it("knows an address whose answer said noLoad, whatever its #fragment, until an answer says otherwise", () => {
    const memory = createNoLoadMemory();
    expect(memory.has(at("/cart"))).toBe(false);
    memory.remember(at("/cart"), true);
    expect(memory.has(at("/cart#list"))).toBe(true);
    expect(memory.has(at("/cart?page=2"))).toBe(false);
    memory.remember(at("/cart"), false);
    expect(memory.has(at("/cart"))).toBe(false);
  });

  it("forgets the oldest addresses beyond its limit", () => {
    const memory = createNoLoadMemory(2);
    memory.remember(at("/a"), true);
    memory.remember(at("/b"), true);
    memory.remember(at("/a"), true);
    memory.remember(at("/c"), true);
    expect(memory.has(at("/b"))).toBe(false);
    expect(memory.has(at("/a"))).toBe(true);
    expect(memory.has(at("/c"))).toBe(true);
  });
});
