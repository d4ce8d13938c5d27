// Saves the article to the signed-in shopper's wish list, or takes it off. Signed out, the
// favorites call answers "sign in" and the session service sends the shopper there.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { ArticleFavoriteProps } from "../../../generated/types";
import { useFavorites } from "../../runtime/hooks/useFavorites";

export default function ArticleFavorite({ slug }: ArticleFavoriteProps) {
  const intl = useIntl();
  const favorites = useFavorites();
  const [busy, setBusy] = useState(false);
  const saved = favorites.has("article", slug);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (saved) await favorites.cancel("article", slug);
      else await favorites.add("article", slug);
    } catch {
      // Shown by the api service's toast.
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="sf-article-favorite">
      <button
        type="button"
        className={`sf-button sf-button--secondary sf-favorite${saved ? " sf-favorite--saved" : ""}`}
        aria-busy={busy || undefined}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true" className="sf-favorite__icon">
          {saved ? "♥" : "♡"}
        </span>
        {intl.formatMessage({ id: saved ? "content.article.favorite.remove" : "content.article.favorite.add" })}
      </button>
    </p>
  );
}
