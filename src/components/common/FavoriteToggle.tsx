// Saves an item to the signed-in shopper's wish list, or takes it off: a plain form posting
// to {prefix}/form/favorite, so it works before and without JavaScript (a visitor is sent to
// sign in and comes back), which says on the page it returns to what it did. Hydrated, it
// asks the favorites service instead; signed out, the favorites call answers "sign in" and
// the session service sends the shopper there. The product and article islands differ only
// in the item and their words.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { FavoriteType, FormState } from "../../../generated/types";
import { useFavorites } from "../../runtime/hooks/useFavorites";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { BackField, ownFlash, useFormPost } from "./form-post";
import { HEART_PATH, Icon } from "./Icon";

const FAVORITE_FORM = "favorite";

export interface FavoriteToggleProps {
  type: FavoriteType;
  id: string;
  /** Message ids of the button's two labels. */
  addId: string;
  removeId: string;
  className: string;
  /** The flash of a plain form post ($form). */
  form?: FormState | undefined;
}

export function FavoriteToggle({ type, id, addId, removeId, className, form }: FavoriteToggleProps) {
  const intl = useIntl();
  const favorites = useFavorites();
  const hydrated = useHydrated();
  const post = useFormPost(FAVORITE_FORM);
  const [busy, setBusy] = useState(false);
  // What a plain post of this item just did; the favorites service knows better once it runs.
  const flash = ownFlash(form, FAVORITE_FORM);
  const posted = flash?.values.type === type && flash.values.id === id ? flash : null;
  const saved = hydrated ? favorites.has(type, id) : posted?.notice === "form.favorite.added";
  const said = !hydrated && posted ? (posted.notice ?? posted.failure) : undefined;

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <form className="sf-favorite-form" method="post" action={post.action} onSubmit={(event) => void toggle(event)}>
      <BackField back={post.back} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value={saved ? "cancel" : "add"} />
      <button
        type="submit"
        className={`${className} sf-favorite${saved ? " sf-favorite--saved" : ""}`}
        aria-busy={busy || undefined}
      >
        <Icon className="sf-favorite__icon">
          {/* Filled once the item is saved. */}
          <path d={HEART_PATH} fill={saved ? "currentColor" : "none"} />
        </Icon>
        {intl.formatMessage({ id: saved ? removeId : addId })}
      </button>
      {said && (
        <p className="sf-favorite__said" role={posted?.failure ? "alert" : "status"}>
          {intl.formatMessage({ id: said })}
        </p>
      )}
    </form>
  );
}
