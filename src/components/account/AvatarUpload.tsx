// The avatar on the profile page and its upload. The file is checked here the way the server
// checks it (a PNG, JPEG or WebP by its first bytes, at most 2 MB), so that a wrong file is
// refused at once in the shopper's language; the server decides all the same. The chooser is
// a real file input behind a visible label, so it works by keyboard and announces its name.
import { type ChangeEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { UserInfo } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { IMAGE_MAX_BYTES, IMAGE_SIGNATURE_BYTES, imageKindOf } from "../../shared/image-type";
import { useIslandId } from "../../shared/island-id";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";

export interface AvatarUploadProps {
  user: UserInfo;
  /** The updated customer, once the server has stored the new avatar. */
  onUploaded(user: UserInfo): void;
}

/** The letter shown without an avatar: the first of the name the shop calls the shopper by. */
export function initialOf(user: UserInfo): string {
  const name = user.fullName || user.nickname || user.email || user.mobile || "?";
  return Array.from(name)[0]!.toUpperCase();
}

export function AvatarUpload({ user, onUploaded }: AvatarUploadProps) {
  const intl = useIntl();
  const post = useApiPost();
  const inputId = useIslandId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const t = useText("account.avatar");

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setFailure(null);
    setDone(false);
    const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
    // Chosen again, the same file must fire a change again.
    input.value = "";
    if (!imageKindOf(head)) return setFailure(t("notImage"));
    if (file.size > IMAGE_MAX_BYTES) return setFailure(t("tooLarge"));
    const body = new FormData();
    body.append("avatar", file);
    setBusy(true);
    try {
      onUploaded(await post("user/editAvatar", body, { toast: false }));
      setDone(true);
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
    setBusy(false);
  }

  return (
    <div className="sf-avatar" aria-busy={busy}>
      {user.avatar ? (
        <img className="sf-avatar__image" src={user.avatar} alt={t("alt")} width={96} height={96} />
      ) : (
        <span className="sf-avatar__image sf-avatar__image--empty" aria-hidden="true">
          {initialOf(user)}
        </span>
      )}
      <div className="sf-avatar__controls">
        <input
          id={inputId}
          className="sf-avatar__input"
          type="file"
          name="avatar"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          aria-describedby={`${inputId}-note ${inputId}-outcome`}
          onChange={(event) => void onChange(event)}
        />
        <label className="sf-button sf-button--secondary sf-avatar__choose" htmlFor={inputId}>
          {t(user.avatar ? "change" : "add")}
        </label>
        <p id={`${inputId}-note`} className="sf-field__note">
          {t("rules")}
        </p>
        <p id={`${inputId}-outcome`} className={failure ? "sf-field__error" : "sf-avatar__done"} role="status">
          {failure ?? (done ? t("done") : busy ? t("busy") : "")}
        </p>
      </div>
    </div>
  );
}
