// @vitest-environment node
// The Content-Security-Policy the documents carry: nonces, and the theme's https injects.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, injectOrigins } from "../../../src/server/security";

describe("contentSecurityPolicy", () => {
  it("allows scripts and styles by nonce, never eval, and the theme's inject origins", () => {
    const origins = injectOrigins({
      injects: [
        { type: "js", url: "https://cdn.example.com/a.js" },
        { type: "css", url: "https://fonts.example.com/b.css" },
        { type: "css", url: "/local.css" },
      ],
    });
    expect(origins).toEqual({ scripts: ["https://cdn.example.com"], styles: ["https://fonts.example.com"] });
    const csp = contentSecurityPolicy("abc", origins);
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://cdn.example.com");
    expect(csp).toContain("style-src 'self' 'nonce-abc' https://fonts.example.com");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
