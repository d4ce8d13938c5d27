// A shopper's article body: Markdown rendered by markdown-it, then sanitized by sanitize-html
// with an allow-list, since the HTML is shown to every visitor of article/{slug}. No script,
// style or event handler survives; links are http(s) or mailto; images are this site's or https.
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// Raw HTML is let through markdown-it on purpose: the sanitizer below is the one gate.
const markdown = new MarkdownIt({ html: true, linkify: true });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "s",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "loading"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's title is its only h1.
    h1: "h2",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow ugc noopener" } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/** Markdown to HTML that is safe to put in the page as it is. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), OPTIONS).trim();
}
