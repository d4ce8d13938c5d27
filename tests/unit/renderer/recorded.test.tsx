// The island renderer on the recorded demo store (fixtures/recorded/demo, `npm run record`):
// every island of every recorded page names a registered component with props its schema
// accepts, and the server HTML of recorded page bodies hydrates without a mismatch.
import { afterEach, describe, expect, it, vi } from "vitest";
import { registry } from "../../../src/registry/index";
import { createRenderer } from "../../../src/renderer/islands";
import { parseProps } from "../../../src/renderer/parse-props";
import { createProvidersLoader } from "../../../src/runtime/island-providers";
import { loadRecording } from "../../replay/recording";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const recording = loadRecording();
const pages = recording.routes.filter((r) => r.route !== null);

/** The regions of a recorded page answer, as one fragment. */
function regionsOf(name: string): string {
  const { data } = recording.answerOf(recording.byName(name));
  return `<div id="page-head">${data.pageHead}</div><main id="page-body">${data.pageBody}</main><div id="page-foot">${data.pageFoot}</div>`;
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("islands of the recorded pages", () => {
  it.each(pages.map((r) => [r.name]))("%s: each island is registered and its props pass its schema", async (name) => {
    const template = document.createElement("template");
    template.innerHTML = regionsOf(name);
    const islands = Array.from(template.content.querySelectorAll("[data-component]"));
    expect(islands.length).toBeGreaterThan(0);
    for (const island of islands) {
      const component = island.getAttribute("data-component")!;
      expect(Object.hasOwn(registry, component), `${name}: ${component} is not registered`).toBe(true);
      const parsed = parseProps(island.getAttribute("data-props"));
      expect(parsed.ok, `${name}: ${component} props`).toBe(true);
      const validate = (await registry[component]!.validator()).default;
      const props = structuredClone((parsed as { value: unknown }).value);
      expect(validate(props), `${name}: ${component} ${JSON.stringify(validate.errors?.[0])}`).toBe(true);
    }
  });
});

describe("hydrating recorded pages", () => {
  // The body only: the head and foot islands read the address through the router, which is not started
  // here; pages whose islands call the API at once (cart, checkout) need the services, neither.
  it.each([["home"], ["product-detail"], ["category-detail"], ["article-detail"]])(
    "%s: every island of the body mounts over its server HTML, none fails and React reports no mismatch",
    { timeout: 30_000 },
    async (name) => {
      // At the page's own address, since islands read it (links back to the page, the active item).
      history.replaceState(null, "", recording.byName(name).path);
      document.documentElement.lang = "en";
      document.body.innerHTML = regionsOf(name);
      // happy-dom has no layout: islands that wait to be seen or touched are asked to run at once.
      for (const island of document.querySelectorAll("[data-component]")) {
        if (island.getAttribute("data-hydrate") !== "none") island.setAttribute("data-hydrate", "load");
      }
      const warn = vi.fn();
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const renderer = createRenderer({ registry, logger: { warn }, loadProviders: createProvidersLoader(document) });
      await renderer.mountRegion(document.getElementById("page-body")!);
      await vi.waitFor(
        () => {
          expect(
            Array.from(document.querySelectorAll("#page-body [data-component]"))
              .filter((el) => el.getAttribute("data-island") !== "mounted")
              .map(
                (el) =>
                  `${el.getAttribute("data-component")} ${el.getAttribute("data-island")} ${String(warn.mock.calls.at(-1)?.[0] ?? "")}`,
              ),
          ).toEqual([]);
        },
        { timeout: 20_000 },
      );
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([]);
      expect(error.mock.calls.map((c) => c.map(String).join(" ").slice(-1500))).toEqual([]);
    },
  );
});
