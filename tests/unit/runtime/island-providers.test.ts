// The providers every island renders in: a load that failed (offline) is tried again (issue #19).
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("../../../src/shared/messages");
  vi.resetModules();
});

describe("createProvidersLoader", () => {
  it("does not keep a failed load, so the next island tries again", async () => {
    const loadMessages = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ "toast.region": "Notifications" });
    vi.doMock("../../../src/shared/messages", () => ({ loadMessages }));
    const { createProvidersLoader } = await import("../../../src/runtime/island-providers");
    const load = createProvidersLoader(document);
    await expect(load()).rejects.toThrow("Failed to fetch");
    await expect(load()).resolves.toBeTypeOf("function");
    expect(loadMessages).toHaveBeenCalledTimes(2);
  });
});
