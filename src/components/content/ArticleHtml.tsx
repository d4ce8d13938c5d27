// A shopper's article body: HTML the server rendered from Markdown and sanitized with an
// allow-list (src/server/account/markdown.ts) before it was stored, so it is shown as it is.
import type { ArticleHtmlProps } from "../../../generated/types";

export default function ArticleHtml({ html }: ArticleHtmlProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (sanitize-html allow-list) when the article was saved.
  return <div className="sf-rich sf-article-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
