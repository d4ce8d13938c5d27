// The shopper's own articles (user/article): one page of them as the server rendered it, and,
// once hydrated, write a new one, edit one (its Markdown fetched first) and delete one (asked
// twice). What happened is said in a polite live region.
import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { MyArticle, MyArticlesProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { failureMessage } from "../common/failure-message";
import Pager from "../common/Pager";
import { useText } from "../common/use-text";
import ArticleEditor from "./ArticleEditor";
import { ListStatus } from "./ListStatus";

type Editing = { kind: "list" } | { kind: "new" } | { kind: "edit"; article: MyArticle; body: string };

export default function MyArticles({
  articles: initial,
  total: initialTotal,
  page,
  pageSize,
  pageHref,
  articleHref,
}: MyArticlesProps) {
  const intl = useIntl();
  const post = useApiPost();
  const hydrated = useHydrated();
  const [articles, setArticles] = useState<MyArticle[]>(initial);
  const [total, setTotal] = useState(initialTotal);
  const [editing, setEditing] = useState<Editing>({ kind: "list" });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const writeButton = useRef<HTMLButtonElement>(null);
  const t = useText("account.articles");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (n: number) => pageHref.replace("{page}", String(n));

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError("");
    setStatus("");
    try {
      await work();
    } catch (failure) {
      setError(failureMessage(intl, failure));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  function backToList(said: string) {
    setEditing({ kind: "list" });
    setStatus(said);
    // The editor is gone: focus goes back to where writing starts.
    requestAnimationFrame(() => writeButton.current?.focus());
  }

  if (editing.kind !== "list") {
    return (
      <section className="sf-my-articles" aria-labelledby="sf-my-articles-title">
        <h1 id="sf-my-articles-title" className="sf-account-lists__title">
          {intl.formatMessage({ id: "page.user.article.title" })}
        </h1>
        <ArticleEditor
          editing={editing.kind === "edit" ? { article: editing.article, body: editing.body } : undefined}
          onSaved={(saved) => {
            if (editing.kind === "new") setTotal((n) => n + 1);
            // The answer's link has no language prefix; the page knows the page's language.
            const url = articleHref.replace("{slug}", saved.slug);
            setArticles((list) => [{ ...saved, url }, ...list.filter((a) => a.id !== saved.id)].slice(0, pageSize));
            backToList(t("saved", { title: saved.title }));
          }}
          onCancel={() => backToList("")}
        />
      </section>
    );
  }

  return (
    <section className="sf-my-articles" aria-labelledby="sf-my-articles-title">
      <div className="sf-account-lists__head">
        <h1 id="sf-my-articles-title" className="sf-account-lists__title">
          {intl.formatMessage({ id: "page.user.article.title" })}
        </h1>
        <button
          ref={writeButton}
          type="button"
          className="sf-button"
          disabled={!hydrated}
          onClick={() => setEditing({ kind: "new" })}
        >
          {t("write")}
        </button>
      </div>
      <ListStatus status={status} error={error} />
      {articles.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className="sf-my-articles__list">
          {articles.map((article) => (
            <li key={article.id} className="sf-my-articles__item">
              {article.thumbnail ? (
                <img className="sf-favorites__image" src={article.thumbnail} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <span className="sf-favorites__image sf-favorites__image--none" aria-hidden="true" />
              )}
              <div className="sf-favorites__text">
                {article.published ? <a href={article.url}>{article.title}</a> : <span>{article.title}</span>}
                <span className="sf-favorites__date">
                  {article.published ? t("published") : t("draft")} ·{" "}
                  {t("updated", { date: intl.formatDate(article.updatedAt, { dateStyle: "medium" }) })}
                </span>
              </div>
              <div className="sf-favorites__actions">
                <button
                  type="button"
                  className="sf-button sf-button--secondary"
                  disabled={!hydrated || busy}
                  onClick={() =>
                    void run(async () => {
                      const detail = await post("article/detail", { id: article.id }, { toast: false });
                      setEditing({ kind: "edit", article: detail.article, body: detail.body });
                    })
                  }
                >
                  {t("editOne")}
                  <span className="sf-visually-hidden"> {article.title}</span>
                </button>
                {confirming === article.id ? (
                  <>
                    <button
                      type="button"
                      className="sf-button"
                      disabled={busy}
                      onClick={() =>
                        void run(async () => {
                          await post("article/delete", { id: article.id }, { toast: false });
                          setArticles((list) => list.filter((a) => a.id !== article.id));
                          setTotal((n) => Math.max(0, n - 1));
                          setStatus(t("deleted", { title: article.title }));
                        })
                      }
                    >
                      {t("confirmDelete")}
                      <span className="sf-visually-hidden"> {article.title}</span>
                    </button>
                    <button type="button" className="sf-button sf-button--secondary" onClick={() => setConfirming(null)}>
                      {t("keep")}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="sf-button sf-button--secondary"
                    disabled={!hydrated || busy}
                    onClick={() => setConfirming(article.id)}
                  >
                    {t("delete")}
                    <span className="sf-visually-hidden"> {article.title}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={href} labelId="account.articles.pages" />
    </section>
  );
}
