// Saves the product to the signed-in shopper's wish list, or takes it off. Signed out,
// the favorites call answers "sign in" and the session service sends the shopper there.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { FavoriteButtonProps } from "../../../generated/types";
import { useFavorites } from "../../runtime/hooks/useFavorites";

export default function FavoriteButton({ productId }: FavoriteButtonProps) {
  const id = String(productId);
  const intl = useIntl();
  const favorites = useFavorites();
  const [busy, setBusy] = useState(false);
  const saved = favorites.has("product", id);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (saved) await favorites.cancel("product", id);
      else await favorites.add("product", id);
    } catch {
      // Shown by the api service's toast.
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`sf-button sf-favorite${saved ? " sf-favorite--saved" : ""}`}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true" className="sf-favorite__icon">
        {saved ? "♥" : "♡"}
      </span>
      {intl.formatMessage({ id: saved ? "product.favorite.remove" : "product.favorite.add" })}
    </button>
  );
}
