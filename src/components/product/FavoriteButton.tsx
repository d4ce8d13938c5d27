// Saves the product to the signed-in shopper's wish list, or takes it off.
import type { FavoriteButtonProps } from "../../../generated/types";
import { FavoriteToggle } from "../common/FavoriteToggle";

export default function FavoriteButton({ productId, form }: FavoriteButtonProps) {
  return (
    <FavoriteToggle
      type="product"
      id={String(productId)}
      addId="product.favorite.add"
      removeId="product.favorite.remove"
      className="sf-button"
      form={form}
    />
  );
}
