import { describe, expect, it } from "vitest";
import { createPreviewMode } from "../../../src/runtime/router/preview";

const u = (path: string) => new URL(path, "https://s.test");

describe("preview mode", () => {
  it("leaves addresses alone while off", () => {
    const preview = createPreviewMode(u("/"));
    expect(preview.active).toBe(false);
    expect(preview.apply(u("/cart")).href).toBe("https://s.test/cart");
  });

  it("carries preview=true from the first page to every next route", () => {
    const preview = createPreviewMode(u("/page/draft?preview=true"));
    expect(preview.apply(u("/cart")).search).toBe("?preview=true");
    expect(preview.apply(u("/search?q=a")).search).toBe("?q=a&preview=true");
    expect(preview.apply(u("/x?preview=true")).search).toBe("?preview=true");
  });

  it("turns on once a visited address has it, and stays on", () => {
    const preview = createPreviewMode(u("/"));
    preview.observe(u("/page/a?preview=true"));
    preview.observe(u("/page/b"));
    expect(preview.active).toBe(true);
    expect(preview.apply(u("/page/c")).searchParams.get("preview")).toBe("true");
  });

  it("does not count other values as preview", () => {
    const preview = createPreviewMode(u("/?preview=1"));
    expect(preview.active).toBe(false);
  });

  it("does not change the address it was given", () => {
    const preview = createPreviewMode(u("/?preview=true"));
    const target = u("/cart");
    preview.apply(target);
    expect(target.search).toBe("");
  });
});
