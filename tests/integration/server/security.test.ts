// @vitest-environment node
// The Content-Security-Policy the documents carry: hashes of their inline scripts and styles
// (no nonce, so a cached body serves every visitor), and the theme's https injects.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashSource, injectOrigins, inlineSources, withScriptSources } from "../../../src/server/security";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("contentSecurityPolicy", () => {
  it("allows scripts and styles by hash, never eval or inline, and the theme's inject origins", () => {
    const origins = injectOrigins({
      injects: [
        { type: "js", url: "https://cdn.example.com/a.js" },
        { type: "css", url: "https://fonts.example.com/b.css" },
        { type: "css", url: "/local.css" },
      ],
    });
    expect(origins).toEqual({ scripts: ["https://cdn.example.com"], styles: ["https://fonts.example.com"] });
    const style = hashSource(":root{--a:1}");
    const csp = contentSecurityPolicy({ scripts: origins.scripts, styles: [style, ...origins.styles] });
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    // The empty <style> Emotion fills through the CSSOM passes too.
    expect(csp).toContain(`style-src 'self' ${sha256("")} ${style} https://fonts.example.com;`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|nonce-|script-src[^;]*unsafe-inline|style-src [^;]*unsafe-inline/);
  });

  it("hashes the inline scripts and styles of trusted markup, not data blocks or external scripts", () => {
    const markup =
      '<style id="theme-vars">:root{--x:2}</style><script type="module">go()</script><script>old()</script>' +
      '<script type="application/ld+json">{"a":1}</script><script type="module" src="/b.js"></script>';
    expect(inlineSources(markup)).toEqual({ scripts: [sha256("go()"), sha256("old()")], styles: [sha256(":root{--x:2}")] });
    expect(inlineSources("<p>no code</p>")).toEqual({ scripts: [], styles: [] });
  });

  it("adds a script source to an existing policy", () => {
    const csp = contentSecurityPolicy({ scripts: [], styles: [] });
    expect(withScriptSources(csp, ["'sha256-x'"])).toContain("script-src 'self' 'sha256-x';");
    expect(withScriptSources(csp, ["'sha256-x'"])).toContain("default-src 'self';");
  });
});
