import { act } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import type { LocaleSwitchProps } from "../../../generated/types";
import validate from "../../../generated/validators/components/LocaleSwitch.js";
import LocaleSwitch from "../../../src/components/layout/LocaleSwitch";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root | undefined;

function tree(props: LocaleSwitchProps, locale = "en", messages: Record<string, string> = en) {
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      <LocaleSwitch {...props} />
    </IntlProvider>
  );
}

async function render(props: LocaleSwitchProps = {}) {
  root = createRoot(container);
  await act(async () => root!.render(tree(props)));
}

const links = () => Array.from(container.querySelectorAll<HTMLAnchorElement>("a"));
const hrefs = () => links().map((a) => a.getAttribute("href"));

beforeEach(() => {
  document.body.innerHTML = `<div id="island"></div>`;
  container = document.getElementById("island")!;
  history.replaceState(null, "", "/zh/product/shoe?color=red#reviews");
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  vi.restoreAllMocks();
});

describe("LocaleSwitch", () => {
  it("is a labelled navigation of links, each language named in itself", async () => {
    await render();
    const nav = container.querySelector("nav")!;
    expect(nav.getAttribute("aria-label")).toBe("Language");
    expect(nav.hasAttribute("data-reload")).toBe(true);
    expect(links().map((a) => [a.textContent, a.getAttribute("lang")])).toEqual([
      ["English", "en"],
      ["简体中文", "zh-CN"],
      ["繁體中文（香港）", "zh-HK"],
    ]);
  });

  it("keeps the route and the query, replacing or removing the prefix", async () => {
    await render();
    expect(hrefs()).toEqual(["/product/shoe?color=red", "/zh/product/shoe?color=red", "/zh-HK/product/shoe?color=red"]);
    expect(links().map((a) => a.getAttribute("aria-current"))).toEqual([null, "true", null]);
  });

  it("adds a prefix to an address that has none", async () => {
    history.replaceState(null, "", "/search?q=tea");
    await render({ languages: ["en", "de"] });
    expect(hrefs()).toEqual(["/search?q=tea", "/de/search?q=tea"]);
    expect(links()[0]!.getAttribute("aria-current")).toBe("true");
  });

  it("shows a repeated language once", async () => {
    await render({ languages: ["zh", "zh", "en"] });
    expect(links().map((a) => a.textContent)).toEqual(["简体中文", "English"]);
  });

  it("follows client navigation and back/forward", async () => {
    await render();
    await act(async () => history.pushState(null, "", "/zh/cart?step=2"));
    expect(hrefs()[2]).toBe("/zh-HK/cart?step=2");
    await act(async () => {
      history.replaceState(null, "", "/zh/search?q=1");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(hrefs()[2]).toBe("/zh-HK/search?q=1");
  });

  it("is reached and followed with the keyboard like any link", async () => {
    await render();
    for (const link of links()) expect(link.tabIndex).toBe(0);
  });

  it("on a plain click goes to the address as it is at that moment, fragment included", async () => {
    await render();
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({
      ...window.location,
      pathname: "/zh/checkout/x",
      search: "?a=1",
      hash: "#pay",
      assign,
    });
    await act(async () => links()[2]!.click());
    expect(assign).toHaveBeenCalledWith("/zh-HK/checkout/x?a=1#pay");
  });

  it("renders the page's address on the server, with its language current, and hydrates without a mismatch", async () => {
    const serverContext = { locale: "zh-CN", messages: zh, path: "/zh/product/shoe?color=red" };
    container.innerHTML = renderToString(
      <IslandProviders context={serverContext}>
        <LocaleSwitch />
      </IslandProviders>,
    );
    expect(container.querySelector("nav")!.getAttribute("aria-label")).toBe("语言");
    const served = ["/product/shoe?color=red", "/zh/product/shoe?color=red", "/zh-HK/product/shoe?color=red"];
    expect(hrefs()).toEqual(served);
    expect(links()[1]!.getAttribute("aria-current")).toBe("true");
    const onRecoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <IslandProviders context={{ locale: "zh-CN", messages: zh }}>
          <LocaleSwitch />
        </IslandProviders>,
        { onRecoverableError },
      );
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(hrefs()).toEqual(served);
  });

  it("has props that its schema accepts, with the three message languages by default", () => {
    const props: Record<string, unknown> = {};
    expect(validate(props)).toBe(true);
    expect(props).toEqual({ languages: ["en", "zh", "zh-HK"] });
    expect(validate({ languages: ["xx"] })).toBe(false);
    expect(validate({ languages: [] })).toBe(false);
  });
});
