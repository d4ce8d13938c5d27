import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const page = { meta: { status: 200 }, config: {}, theme: {}, pageData: {} };

describe("checkInitialData", () => {
  it("checks the whole schema outside production builds (tests, development)", async () => {
    const { checkInitialData } = await import("../../../src/runtime/initial-data");
    const result = await checkInitialData({ ...page, meta: { status: "ok" } });
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.message).toMatch(/^#__INITIAL_DATA__ \/meta/);
  });

  // A production page trusts its server (which checks page data in development and tests) and
  // leaves the validator chunk out: only the top-level shape is checked.
  it("checks only the parts every page has in a production build", async () => {
    vi.stubGlobal("__DEV__", false);
    const { checkInitialData } = await import("../../../src/runtime/initial-data");
    expect(await checkInitialData({ ...page, meta: { status: "ok" } })).toMatchObject({ ok: true });
    expect(await checkInitialData({ ...page, theme: null })).toEqual({
      ok: false,
      message: "#__INITIAL_DATA__ /theme must be object",
    });
    expect(await checkInitialData([])).toMatchObject({ ok: false });
  });
});
