import { describe, expect, it } from "vitest";
import { redirectTarget, withRedirect } from "../../../src/components/auth/redirect";

const ORIGIN = "https://shop.example";

describe("redirectTarget", () => {
  it.each([
    ["/checkout", "/checkout"],
    ["/zh-HK/product/linen-shirt/LS-S?x=1#reviews", "/zh-HK/product/linen-shirt/LS-S?x=1#reviews"],
    ["https://shop.example/cart", "/cart"],
    ["cart", "/cart"],
  ])("follows %s on this origin", (value, target) => {
    expect(redirectTarget(value, ORIGIN, null)).toBe(target);
  });

  it.each([
    ["another host", "https://evil.example/cart"],
    ["a protocol-relative address", "//evil.example/cart"],
    ["a backslash trick", "/\\evil.example"],
    ["another scheme", "javascript:alert(1)"],
    ["another port", "https://shop.example:8443/"],
    ["http on an https shop", "http://shop.example/"],
    ["an unparsable address", "http://["],
    ["the sign-in page", "/auth/signin?redirect=/cart"],
    ["the sign-up page", "/zh/auth/signup"],
  ])("goes home instead of to %s", (_, value) => {
    expect(redirectTarget(value, ORIGIN, null)).toBe("/");
  });

  it("keeps the page's language prefix on the way home", () => {
    expect(redirectTarget(null, ORIGIN, "zh-HK")).toBe("/zh-HK");
    expect(redirectTarget("", ORIGIN, "de")).toBe("/de");
    expect(redirectTarget("https://evil.example/", ORIGIN, "zh")).toBe("/zh");
  });
});

describe("withRedirect", () => {
  it("carries the redirect to the other form, encoded", () => {
    expect(withRedirect("/auth/signup", "/cart?x=1&y=2")).toBe("/auth/signup?redirect=%2Fcart%3Fx%3D1%26y%3D2");
    expect(withRedirect("/auth/signup?a=1", "/cart")).toBe("/auth/signup?a=1&redirect=%2Fcart");
    expect(withRedirect("/auth/signup", null)).toBe("/auth/signup");
  });
});
