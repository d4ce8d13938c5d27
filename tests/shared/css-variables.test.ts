import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ThemeConfig } from "../../generated/types";
import schema from "../../schemas/theme/theme-config.schema.json";
import { THEME_VARIABLES, themeToCss } from "../../src/shared/theme/css-variables";
import { resolveTheme } from "../../src/shared/theme/resolve-theme";
import { themeStyleElement } from "../../src/shared/theme/theme-style";

/** The declarations of the first `:root{…}` block, as name -> value. */
function rootVars(css: string): Record<string, string> {
  const body = /:root\{([^}]*)\}/.exec(css)![1]!;
  return Object.fromEntries(
    body
      .split(";")
      .filter(Boolean)
      .map((d) => {
        const i = d.indexOf(":");
        return [d.slice(0, i).trim(), d.slice(i + 1).trim()];
      }),
  );
}

describe("theme defaults", () => {
  it("fills every default of the schema (SPEC §9 breakpoints, paddings, colours)", () => {
    const theme = resolveTheme(undefined);
    const props = schema.properties as Record<string, { default?: unknown }>;
    for (const [field, prop] of Object.entries(props)) {
      if (field === "$schema" || field === "product" || field === "container" || field === "injects") continue;
      expect(theme[field as keyof typeof theme], field).toEqual(prop.default);
    }
    expect(theme.container.screens).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536, "3xl": 1660 });
    expect(Object.values(theme.container.padding)).toEqual([".7rem", "1rem", "1.2rem", "2rem", "2rem", "2rem", "2rem"]);
    expect(theme.product).toEqual({
      imageRatio: "1/1",
      imageFit: "cover",
      showLinePrice: true,
      showScore: true,
      columnsMobile: 2,
      columnsDesktop: 4,
    });
    expect(theme.injects).toEqual([]);
  });

  it("writes the SPEC §9 colours, breakpoints and paddings as CSS", () => {
    const css = themeToCss(undefined);
    const vars = rootVars(css);
    expect(vars).toMatchObject({
      "--color-primary": "#4a00ff",
      "--color-secondary": "#00d1b2",
      "--color-info": "#00b5ff",
      "--color-success": "#00a96e",
      "--color-warning": "#ffbe00",
      "--color-error": "#ff5861",
      "--container-padding": ".7rem",
      "--screen-sm": "640px",
      "--screen-3xl": "1660px",
      "--product-image-ratio": "1/1",
      "--product-columns-desktop": "4",
    });
    const steps = [
      ...css.matchAll(
        /@media \(min-width:(\d+)px\)\{:root\{--container-padding:([^;]+);\}\.sf-container\{max-width:(\d+)px;\}\}/g,
      ),
    ];
    expect(steps.map((m) => [Number(m[1]), m[2], Number(m[3])])).toEqual([
      [640, "1rem", 640],
      [768, "1.2rem", 768],
      [1024, "2rem", 1024],
      [1280, "2rem", 1280],
      [1536, "2rem", 1536],
      [1660, "2rem", 1660],
    ]);
  });

  it("has a variable for every scalar field of the schema", () => {
    const scalar = Object.keys(schema.properties).filter((f) => !["$schema", "product", "container", "injects"].includes(f));
    expect(Object.keys(THEME_VARIABLES).sort()).toEqual(scalar.sort());
  });

  it("keeps app.css's :root fallbacks equal to the defaults", () => {
    const appCss = readFileSync(resolve("src/styles/app.css"), "utf8");
    const fallback = /:root \{([\s\S]*?)\n\}/.exec(appCss)![1]!.replace(/\/\*[\s\S]*?\*\//g, "");
    const declared = Object.fromEntries([...fallback.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
    const defaults = rootVars(themeToCss(undefined));
    for (const [name, value] of Object.entries(declared)) expect(defaults[name], name).toBe(value);
  });
});

describe("themeToCss", () => {
  it("uses the store's values and keeps the rest at their defaults", () => {
    const css = themeToCss({
      primaryColor: "#0f766e",
      fontFamily: "Inter, system-ui, sans-serif",
      product: { imageRatio: "3/4", showScore: false },
      container: { screens: { xl: 1200 }, padding: { DEFAULT: "1rem" } },
    });
    const vars = rootVars(css);
    expect(vars["--color-primary"]).toBe("#0f766e");
    expect(vars["--color-secondary"]).toBe("#00d1b2");
    expect(vars["--font-family"]).toBe("Inter, system-ui, sans-serif");
    expect(vars["--product-image-ratio"]).toBe("3/4");
    expect(vars["--product-score-display"]).toBe("none");
    expect(vars["--product-line-price-display"]).toBe("inline");
    expect(vars["--container-padding"]).toBe("1rem");
    expect(css).toContain("@media (min-width:1200px){:root{--container-padding:2rem;}.sf-container{max-width:1200px;}}");
  });

  it("orders breakpoints by width so the widest match wins", () => {
    const css = themeToCss({ container: { screens: { sm: 900, md: 700 } } });
    expect(css.indexOf("min-width:700px")).toBeLessThan(css.indexOf("min-width:900px"));
  });

  it("never lets a value break out of its declaration; a rejected value takes its default", () => {
    const hostile = {
      primaryColor: "red;}body{display:none",
      fontFamily: "x</style><script>alert(1)</script>",
      borderRadius: "1px;--x:1",
      product: { imageRatio: "1/1}*{color:red" },
      container: { padding: { sm: "1rem}</style>" } },
      unknownField: "1",
    } as unknown as ThemeConfig;
    const css = themeToCss(hostile);
    expect(css).not.toMatch(/<|display:none|alert|color:red|--x/);
    const vars = rootVars(css);
    expect(vars["--color-primary"]).toBe("#4a00ff");
    expect(vars["--radius"]).toBe("0.5rem");
    expect(vars["--product-image-ratio"]).toBe("1/1");
  });

  it("treats a config that is not an object as the defaults", () => {
    expect(themeToCss("nope" as unknown as ThemeConfig)).toBe(themeToCss(undefined));
    expect(themeToCss(null as unknown as ThemeConfig)).toBe(themeToCss(undefined));
  });

  it("does not change the config it is given", () => {
    const config: ThemeConfig = { primaryColor: "teal" };
    themeToCss(config);
    expect(config).toEqual({ primaryColor: "teal" });
  });
});

describe("themeStyleElement", () => {
  it("wraps the CSS in <style id=theme-vars> with an escaped nonce", () => {
    const html = themeStyleElement({ primaryColor: "teal" }, 'n"1');
    expect(html.startsWith('<style id="theme-vars" nonce="n&quot;1">:root{')).toBe(true);
    expect(html.endsWith("</style>")).toBe(true);
    expect(html).toContain("--color-primary:teal;");
    expect(themeStyleElement(undefined)).toMatch(/^<style id="theme-vars">/);
  });
});
