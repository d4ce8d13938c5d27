// An article's tags: links to each tag's page, named as a list for screen readers.
import { useIntl } from "react-intl";
import type { ArticleTagsProps } from "../../../generated/types";
import TagLinks from "./TagLinks";

export default function ArticleTags({ tags }: ArticleTagsProps) {
  const intl = useIntl();
  if (tags.length === 0) return null;
  return <TagLinks tags={tags} label={intl.formatMessage({ id: "content.article.tags" })} className="sf-article-tags" />;
}
