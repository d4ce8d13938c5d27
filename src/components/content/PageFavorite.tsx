// Saves one of the store's pages (about, shipping, ...) to the signed-in shopper's wish list,
// the third list of SPEC §3, or takes it off (a form: a <div>, since a <p> cannot hold one).
import type { PageFavoriteProps } from "../../../generated/types";
import { FavoriteToggle } from "../common/FavoriteToggle";

export default function PageFavorite({ slug, form }: PageFavoriteProps) {
  return (
    <div className="sf-article-favorite">
      <FavoriteToggle
        type="page"
        id={slug}
        addId="content.page.favorite.add"
        removeId="content.page.favorite.remove"
        className="sf-button sf-button--secondary"
        form={form}
      />
    </div>
  );
}
