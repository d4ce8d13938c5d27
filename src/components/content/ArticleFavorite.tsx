// Saves the article to the signed-in shopper's wish list, or takes it off (a form: a <div>, since a <p> cannot hold one).
import type { ArticleFavoriteProps } from "../../../generated/types";
import { FavoriteToggle } from "../common/FavoriteToggle";

export default function ArticleFavorite({ slug, form }: ArticleFavoriteProps) {
  return (
    <div className="sf-article-favorite">
      <FavoriteToggle
        type="article"
        id={slug}
        addId="content.article.favorite.add"
        removeId="content.article.favorite.remove"
        className="sf-button sf-button--secondary"
        form={form}
      />
    </div>
  );
}
