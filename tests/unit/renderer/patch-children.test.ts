// A pending island's server HTML brought up to the next page's in place (patch-children.ts):
// the elements stay where the shape agrees, so nothing is parsed, styled or laid out again and
// what the shopper typed stays; a different shape is replaced by a copy.
import { beforeEach, describe, expect, it } from "vitest";
import { patchChildren } from "../../../src/renderer/patch-children";

let host: HTMLElement;

/** Markup parsed inert, as the router parses each answer's head and foot. */
function parseHTML(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}
beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.append(host);
});

const footer = (back: string, label = "Subscribe") =>
  `<form action="/api/newsletter" method="post"><label for="e">Email</label><input id="e" name="email" type="email">` +
  `<input type="hidden" name="back" value="${back}"><button>${label}</button></form>`;

describe("patchChildren", () => {
  it("changes only the attributes and texts that differ, keeping every element", () => {
    host.innerHTML = footer("/");
    const before = Array.from(host.querySelectorAll("*"));
    patchChildren(host, parseHTML(footer("/product/linen-shirt", "Sign up")));
    expect(Array.from(host.querySelectorAll("*"))).toEqual(before);
    expect(host.innerHTML).toBe(footer("/product/linen-shirt", "Sign up"));
  });

  it("keeps what the shopper typed into a field that stays", () => {
    host.innerHTML = footer("/");
    host.querySelector<HTMLInputElement>("#e")!.value = "ada@example.com";
    patchChildren(host, parseHTML(footer("/cart")));
    expect(host.querySelector<HTMLInputElement>("#e")!.value).toBe("ada@example.com");
  });

  it("adds and removes attributes, namespaced ones too", () => {
    host.innerHTML = `<a href="/" class="x" aria-current="page">Home</a><svg><use xlink:href="#a"></use></svg>`;
    patchChildren(host, parseHTML(`<a href="/" lang="en">Home</a><svg><use xlink:href="#b"></use></svg>`));
    const link = host.querySelector("a")!;
    expect(link.hasAttribute("class")).toBe(false);
    expect(link.hasAttribute("aria-current")).toBe(false);
    expect(link.getAttribute("lang")).toBe("en");
    expect(host.querySelector("use")!.getAttributeNS("http://www.w3.org/1999/xlink", "href")).toBe("#b");
  });

  it("replaces the children when the shape differs, with copies that leave the source whole", () => {
    host.innerHTML = `<ul><li>One</li></ul>`;
    const first = host.firstElementChild;
    const source = parseHTML(`<ul><li>One</li><li>Two</li></ul>`);
    patchChildren(host, source);
    expect(host.innerHTML).toBe(`<ul><li>One</li><li>Two</li></ul>`);
    expect(host.firstElementChild).not.toBe(first);
    // The same parsed markup serves the next navigation as well.
    expect(source.childNodes).toHaveLength(1);
    host.innerHTML = `<p>Other</p>`;
    patchChildren(host, source);
    expect(host.innerHTML).toBe(`<ul><li>One</li><li>Two</li></ul>`);
  });

  it("tells an element from another of the same text, and text from a comment", () => {
    host.innerHTML = `<b>Sale</b><!--x-->`;
    patchChildren(host, parseHTML(`<i>Sale</i>text`));
    expect(host.innerHTML).toBe(`<i>Sale</i>text`);
  });

  it("replaces a template's markup whole", () => {
    host.innerHTML = `<template><p>old</p></template>`;
    const template = host.firstElementChild;
    patchChildren(host, parseHTML(`<template><p>new</p><p>more</p></template>`));
    expect(host.firstElementChild).toBe(template);
    expect(host.innerHTML).toBe(`<template><p>new</p><p>more</p></template>`);
  });
});
