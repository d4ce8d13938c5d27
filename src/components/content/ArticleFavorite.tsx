// Saves the article to the signed-in shopper's wish list, or takes it off.
import type { ArticleFavoriteProps } from "../../../generated/types";
import { FavoriteToggle } from "../common/FavoriteToggle";

export default function ArticleFavorite({ slug }: ArticleFavoriteProps) {
  return (
    <p className="sf-article-favorite">
      <FavoriteToggle
        type="article"
        id={slug}
        addId="content.article.favorite.add"
        removeId="content.article.favorite.remove"
        className="sf-button sf-button--secondary"
      />
    </p>
  );
}
