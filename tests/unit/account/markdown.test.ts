// The article body's Markdown rendering and sanitizing (src/server/account/markdown.ts).
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../src/server/account/markdown";

describe("renderMarkdown", () => {
  it("renders Markdown, the title's h1 kept for the page", () => {
    expect(renderMarkdown("# Hi\n\n**bold** and *soft*\n\n- one\n- two")).toBe(
      "<h2>Hi</h2>\n<p><strong>bold</strong> and <em>soft</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>",
    );
  });

  it("drops scripts, styles, event handlers and unknown tags", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="https://e.com/a.png" onerror="alert(1)">\n\n<div onclick="x">d</div><style>p{}</style>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|style|<div/i);
    expect(html).toContain('<img src="https://e.com/a.png" loading="lazy" />');
  });

  it("keeps http(s) and mailto links only, marked as the shopper's", () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) <a href="javascript:alert(2)">b</a> <a href="//evil.example">c</a> [d](https://example.com) [e](mailto:a@example.com)',
    );
    // markdown-it leaves a javascript: link as plain text; the HTML one loses its href.
    expect(html).not.toMatch(/href="(javascript:|\/\/)/i);
    expect(html).toContain('<a rel="nofollow ugc noopener">b</a>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">d</a>');
    expect(html).toContain('<a href="mailto:a@example.com" rel="nofollow ugc noopener">e</a>');
  });

  it("keeps images of this site and https only", () => {
    const html = renderMarkdown(
      "![i](https://e.com/a.png) ![j](/media/x.png) ![k](http://e.com/b.png) ![d](data:image/png;base64,AAAA)",
    );
    expect(html).toContain('src="https://e.com/a.png"');
    expect(html).toContain('src="/media/x.png"');
    expect(html).not.toMatch(/http:\/\/e\.com|data:/);
  });
});
