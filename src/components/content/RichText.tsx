import { FormattedDate, useIntl } from "react-intl";
import type { RichTextProps } from "../../../generated/types";

export default function RichText({ title, paragraphs, author, date, image, imageSize }: RichTextProps) {
  const intl = useIntl();
  const size = imageSize ?? { width: 240, height: 240 };
  return (
    <article className="sf-rich">
      {title && <h1 className="sf-rich__title">{title}</h1>}
      {(author || date) && (
        <p className="sf-rich__byline">
          {author && intl.formatMessage({ id: "content.article.by" }, { author })}
          {author && date && " · "}
          {date && (
            <time dateTime={date}>
              <FormattedDate value={`${date}T12:00:00Z`} dateStyle="long" timeZone="UTC" />
            </time>
          )}
        </p>
      )}
      {image && <img className="sf-rich__image" src={image} alt="" width={size.width} height={size.height} />}
      {paragraphs.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs from the props, never reordered; two may have the same text.
        <p key={i}>{text}</p>
      ))}
    </article>
  );
}
