import { beforeEach, describe, expect, it } from "vitest";
import { submittedForm } from "../../../src/runtime/router/forms";
import { clickedLink, hoveredLink, type LinkRules, navigableUrl } from "../../../src/runtime/router/links";
import { createRouteTable, matchPath } from "../../../src/shared/routes";

const table = createRouteTable();
const origin = location.origin;
const rules: LinkRules = {
  current: () => new URL("/product/a?x=1", origin),
  isRoute: (url) => matchPath(table, url.pathname) !== null,
};

function click(html: string, init: MouseEventInit = {}) {
  document.body.innerHTML = html;
  const target = document.querySelector("[data-target]") ?? document.querySelector("a")!;
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, "target", { value: target });
  return clickedLink(event, rules);
}

describe("link rules: what a click takes over", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
  });

  it("takes a plain click on a same-origin link to a route", () => {
    expect(click(`<a href="/cart">Cart</a>`)?.url.pathname).toBe("/cart");
    expect(click(`<a href="/zh/product/b?c=1">B</a>`)?.url.href).toBe(`${origin}/zh/product/b?c=1`);
    expect(click(`<a href="${origin}/search">S</a>`)?.url.pathname).toBe("/search");
  });

  it("takes a click on an element inside the link", () => {
    expect(click(`<a href="/cart"><span data-target>Cart</span></a>`)?.url.pathname).toBe("/cart");
  });

  it.each([
    ["ctrl", { ctrlKey: true }],
    ["meta", { metaKey: true }],
    ["shift", { shiftKey: true }],
    ["alt", { altKey: true }],
    ["middle button", { button: 1 }],
  ])("leaves a %s click to the browser", (_name, init) => {
    expect(click(`<a href="/cart">Cart</a>`, init)).toBeNull();
  });

  it.each([
    ["a target", `<a href="/cart" target="_blank">x</a>`],
    ["download", `<a href="/cart" download>x</a>`],
    ["another origin", `<a href="https://elsewhere.test/cart">x</a>`],
    ["a hash-only href", `<a href="#reviews">x</a>`],
    ["a fragment of this page", `<a href="/product/a?x=1#reviews">x</a>`],
    ["data-reload", `<a href="/cart" data-reload>x</a>`],
    ["data-reload on an ancestor", `<nav data-reload><a href="/cart">x</a></nav>`],
    ["a file", `<a href="/media/guide.pdf">x</a>`],
    ["mailto", `<a href="mailto:shop@example.com">x</a>`],
    ["no route", `<a href="/unknown/deep/path/x">x</a>`],
  ])("leaves a link with %s to the browser", (_name, html) => {
    expect(click(html)).toBeNull();
  });

  it("takes a link with target=_self", () => {
    expect(click(`<a href="/cart" target="_self">x</a>`)).not.toBeNull();
  });

  it("takes the same page again (no fragment): it is reloaded in place", () => {
    expect(click(`<a href="/product/a?x=1">x</a>`)).not.toBeNull();
  });

  it("leaves a click another handler already handled", () => {
    document.body.innerHTML = `<a href="/cart">x</a>`;
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    Object.defineProperty(event, "target", { value: document.querySelector("a") });
    event.preventDefault();
    expect(clickedLink(event, rules)).toBeNull();
  });

  it("treats .html as a page but other extensions as files", () => {
    expect(navigableUrl(new URL("/page.html", origin), rules)).not.toBeNull();
    expect(navigableUrl(new URL("/feed.xml", origin), rules)).toBeNull();
  });

  it("finds the hovered link by the same rules", () => {
    document.body.innerHTML = `<a href="/cart"><b>x</b></a><a href="/cart" target="_blank">y</a>`;
    expect(hoveredLink(document.querySelector("b"), rules)?.url.pathname).toBe("/cart");
    expect(hoveredLink(document.querySelectorAll("a")[1]!, rules)).toBeNull();
    expect(hoveredLink(null, rules)).toBeNull();
  });
});

function submit(html: string, submitterSelector?: string) {
  document.body.innerHTML = html;
  const form = document.querySelector("form")!;
  const event = new Event("submit", { bubbles: true, cancelable: true }) as SubmitEvent;
  Object.defineProperty(event, "target", { value: form });
  Object.defineProperty(event, "submitter", { value: submitterSelector ? document.querySelector(submitterSelector) : null });
  return submittedForm(event, rules);
}

describe("form rules: GET forms navigate in the page", () => {
  it("turns the fields of a GET form into the query of its action", () => {
    const result = submit(
      `<form action="/search"><label>Q <input name="q" value="linen shirt"></label><input name="page" value="2"></form>`,
    );
    expect(result?.url.pathname).toBe("/search");
    expect(result?.url.searchParams.get("q")).toBe("linen shirt");
    expect(result?.url.searchParams.get("page")).toBe("2");
  });

  it("adds the submitter's name and value, and honours its formaction", () => {
    const result = submit(
      `<form action="/search"><input name="q" value="a"><button name="sort" value="price" formaction="/tag">Go</button></form>`,
      "button",
    );
    expect(result?.url.pathname).toBe("/tag");
    expect(result?.url.search).toBe("?q=a&sort=price");
  });

  it("submits to the current page when there is no action", () => {
    expect(submit(`<form><input name="q" value="a"></form>`)?.url.pathname).toBe("/product/a");
  });

  it.each([
    ["POST", `<form method="post" action="/search"></form>`],
    ["a target", `<form action="/search" target="_blank"></form>`],
    ["data-reload", `<form action="/search" data-reload></form>`],
    ["another origin", `<form action="https://elsewhere.test/search"></form>`],
  ])("leaves a form with %s to the browser", (_name, html) => {
    expect(submit(html)).toBeNull();
  });

  it("leaves a form when the submitter asks for POST", () => {
    expect(submit(`<form action="/search"><button formmethod="post">Go</button></form>`, "button")).toBeNull();
  });
});
