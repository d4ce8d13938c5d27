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

describe("providersFor", () => {
  // One formatter set per language: an IntlProvider per island built its formatters again for
  // every island mounted (hydration time, and Back from a snapshot).
  it("gives every island of a language the same intl object", async () => {
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const { useIntl } = await import("react-intl");
    const { providersFor } = await import("../../../src/runtime/i18n/IslandProviders");
    const Providers = providersFor({ locale: "en", messages: { "toast.region": "Notifications" } });
    const seen: unknown[] = [];
    function Island() {
      const intl = useIntl();
      seen.push(intl);
      return createElement("p", null, intl.formatMessage({ id: "toast.region" }));
    }
    const html = [1, 2].map(() => renderToString(createElement(Providers, null, createElement(Island))));
    expect(html).toEqual(["<p>Notifications</p>", "<p>Notifications</p>"]);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
