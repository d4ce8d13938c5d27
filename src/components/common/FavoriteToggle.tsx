// Saves an item to the signed-in shopper's wish list, or takes it off. Signed out, the
// favorites call answers "sign in" and the session service sends the shopper there. The
// product and article islands differ only in the item and their words.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { FavoriteType } from "../../../generated/types";
import { useFavorites } from "../../runtime/hooks/useFavorites";

export interface FavoriteToggleProps {
  type: FavoriteType;
  id: string;
  /** Message ids of the button's two labels. */
  addId: string;
  removeId: string;
  className: string;
}

export function FavoriteToggle({ type, id, addId, removeId, className }: FavoriteToggleProps) {
  const intl = useIntl();
  const favorites = useFavorites();
  const [busy, setBusy] = useState(false);
  const saved = favorites.has(type, id);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (saved) await favorites.cancel(type, id);
      else await favorites.add(type, id);
    } catch {
      // Shown by the api service's toast.
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`${className} sf-favorite${saved ? " sf-favorite--saved" : ""}`}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true" className="sf-favorite__icon">
        {saved ? "♥" : "♡"}
      </span>
      {intl.formatMessage({ id: saved ? removeId : addId })}
    </button>
  );
}
