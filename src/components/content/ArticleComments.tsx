// Comments under an article. The server renders the page of comments this reader sees
// (approved ones, and their own awaiting moderation); page links reload that list through
// the router, keeping the scroll position. A signed-in shopper writes in the form: the new
// comment joins the top of the list at once, marked as awaiting moderation, while others
// see it only once approved. A visitor gets a link to sign in that comes back here.
import { type FormEvent, useState } from "react";
import { FormattedDate, useIntl } from "react-intl";
import type { ArticleComment, ArticleCommentsProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import { failureMessage, useApiPost } from "../auth/api";
import { useText } from "../common/use-text";

const MAX_LENGTH = 1000;

type Outcome = { kind: "posted" } | { kind: "failed"; text: string } | null;

export default function ArticleComments({
  articleSlug,
  comments,
  total,
  page = 1,
  pageCount = 1,
  prevHref,
  nextHref,
  signedIn,
  signInHref,
}: ArticleCommentsProps) {
  const intl = useIntl();
  const t = useText("comments");
  const post = useApiPost();
  const headingId = useIslandId();
  const fieldId = useIslandId();
  const [added, setAdded] = useState<ArticleComment[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const items = [...added, ...comments];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = text.trim();
    const problem = body === "" ? t("error.empty") : body.length > MAX_LENGTH ? t("error.long", { max: MAX_LENGTH }) : null;
    setError(problem);
    setOutcome(null);
    if (problem) return;
    setBusy(true);
    try {
      const comment = await post("comment/add", { articleSlug, body }, { toast: false });
      setAdded((list) => [comment, ...list]);
      setText("");
      setOutcome({ kind: "posted" });
    } catch (failure) {
      setOutcome({ kind: "failed", text: failureMessage(intl, failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sf-comments" id="comments" aria-labelledby={headingId}>
      <h2 className="sf-comments__title" id={headingId}>
        {t("title", { count: total + added.length })}
      </h2>
      {signedIn ? (
        <form className="sf-comments__form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <div className="sf-field">
            <label className="sf-field__label" htmlFor={fieldId}>
              {t("label")}
            </label>
            <textarea
              id={fieldId}
              className="sf-input sf-textarea sf-comments__input"
              name="body"
              rows={4}
              maxLength={MAX_LENGTH}
              required
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-hint ${fieldId}-error`}
            />
            <p id={`${fieldId}-hint`} className="sf-field__hint">
              {t("hint", { count: text.trim().length, max: MAX_LENGTH })}
            </p>
            <p id={`${fieldId}-error`} className="sf-field__error" aria-live="polite">
              {error}
            </p>
          </div>
          <button className="sf-button" type="submit" disabled={busy}>
            {t("submit")}
          </button>
          <p className={`sf-comments__outcome sf-comments__outcome--${outcome?.kind ?? "none"}`} role="status">
            {outcome?.kind === "posted" ? t("posted") : outcome?.kind === "failed" ? outcome.text : ""}
          </p>
        </form>
      ) : (
        <p className="sf-comments__signin">
          <a className="sf-button sf-button--secondary" href={signInHref}>
            {t("signIn")}
          </a>
        </p>
      )}
      {items.length === 0 ? (
        <p className="sf-comments__empty">{t("empty")}</p>
      ) : (
        <ol className="sf-comments__list">
          {items.map((comment) => (
            <li key={comment.id} className={`sf-comment${comment.pending ? " sf-comment--pending" : ""}`}>
              <article aria-label={t("by", { author: comment.author || t("anonymous") })}>
                <p className="sf-comment__meta">
                  <span className="sf-comment__author">{comment.author || t("anonymous")}</span>
                  {" · "}
                  <time dateTime={comment.createdAt}>
                    <FormattedDate value={comment.createdAt} dateStyle="medium" timeZone="UTC" />
                  </time>
                  {comment.pending && <span className="sf-comment__pending">{t("pending")}</span>}
                </p>
                <p className="sf-comment__body">{comment.body}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <nav className="sf-pager sf-comments__pager" aria-label={t("pages")}>
          {prevHref && (
            <a className="sf-pager__link" href={prevHref} rel="prev" data-keep-position>
              {t("newer")}
            </a>
          )}
          <span className="sf-pager__position">{t("position", { page, pages: pageCount })}</span>
          {nextHref && (
            <a className="sf-pager__link" href={nextHref} rel="next" data-keep-position>
              {t("older")}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
