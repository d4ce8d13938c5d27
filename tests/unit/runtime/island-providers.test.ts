// The providers every island renders in: a load that failed (offline) is tried again (issue #19).
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("../../../src/runtime/i18n/messages");
  vi.resetModules();
});

describe("createProvidersLoader", () => {
  it("does not keep a failed load, so the next island tries again", async () => {
    const loadIntlMessages = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ "toast.region": "Notifications" });
    vi.doMock("../../../src/runtime/i18n/messages", () => ({ loadIntlMessages }));
    const { createProvidersLoader } = await import("../../../src/runtime/island-providers");
    const load = createProvidersLoader(document);
    await expect(load()).rejects.toThrow("Failed to fetch");
    await expect(load()).resolves.toBeTypeOf("function");
    expect(loadIntlMessages).toHaveBeenCalledTimes(2);
  });

  // The shop's islands render with the base part; an account island loads all, once per language.
  it("loads the messages an island's entry asks for, and keeps each set apart", async () => {
    const loadIntlMessages = vi.fn(async (_language: string, set: string) => ({ "toast.region": set }));
    vi.doMock("../../../src/runtime/i18n/messages", () => ({ loadIntlMessages }));
    const { createProvidersLoader } = await import("../../../src/runtime/island-providers");
    const load = createProvidersLoader(document);
    const shop = await load();
    expect(await load("base")).toBe(shop);
    const account = await load("all");
    expect(account).not.toBe(shop);
    expect(await load("all")).toBe(account);
    expect(loadIntlMessages.mock.calls).toEqual([
      ["en", "base"],
      ["en", "all"],
    ]);
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
