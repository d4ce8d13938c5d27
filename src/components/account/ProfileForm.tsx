// The profile page (user/info): the avatar and its upload, and the personal details. First
// name, last name and birthday are required (SPEC.md §5); the lengths are the edit request's
// schema (schemas/api/user/editInfo.request.schema.json). Once saved, the session's copy of
// the customer is refreshed, so the header and the other pages show the new name and avatar.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { ProfileFormProps, UserInfo } from "../../../generated/types";
import validateEditInfo from "../../../generated/validators/api/user/editInfo.request.js";
import { examples } from "../../../schemas/api/user/editInfo.request.schema.json";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useSession } from "../../runtime/hooks/useSession";
import { type FieldMessages, requestCheck } from "../../runtime/validation/request-check";
import { birthday, check, firstName, lastName, type ValidationMessage } from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";
import { TextField } from "../auth/TextField";
import { type Errors, useForm } from "../auth/use-form";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";
import { AvatarUpload } from "./AvatarUpload";

interface Values {
  firstName: string;
  lastName: string;
  nickname: string;
  birthday: string;
  bio: string;
}

/** The edit request (schemas/api/user/editInfo.request.schema.json). */
const editCheck = requestCheck(validateEditInfo, examples[0]);

/** Past its length a text says the limit; anything else the schema refuses is `fallback`. */
const text = (fallback: ValidationMessage): FieldMessages<never> => ({
  required: fallback,
  length: ({ max }, rule) => (rule === "maxLength" && max !== undefined ? { id: "validation.limit", values: { max } } : fallback),
  invalid: fallback,
});

const FIELDS = {
  firstName: text({ id: "validation.firstName.required" }),
  lastName: text({ id: "validation.lastName.required" }),
  nickname: text({ id: "account.profile.nickname.invalid" }),
  bio: text({ id: "account.profile.bio.invalid" }),
  birthday: text({ id: "validation.birthday.invalid" }),
} satisfies Record<keyof Values, FieldMessages<never>>;

/** The request the form sends: names trimmed, the birthday as the date input gives it; blank required fields left out. */
function editBody(values: Values): Record<string, string> {
  const body: Record<string, string> = { nickname: values.nickname.trim(), bio: values.bio.trim() };
  for (const field of ["firstName", "lastName", "birthday"] as const)
    if (values[field].trim()) body[field] = values[field].trim();
  return body;
}

const today = () => new Date();

function checkProfile(values: Values): Errors<Values> {
  const schema = editCheck.messages(editBody(values), FIELDS);
  return {
    ...schema,
    // What the schema cannot say: a name is not blank, a birthday is a real day and not in the future.
    firstName: check(values.firstName, firstName) ?? schema.firstName,
    lastName: check(values.lastName, lastName) ?? schema.lastName,
    birthday: check(values.birthday, birthday(today)) ?? schema.birthday,
  };
}

const valuesOf = (user: UserInfo): Values => ({
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  nickname: user.nickname,
  birthday: user.birthday ?? "",
  bio: user.bio ?? "",
});

export default function ProfileForm({ title, user: initial, accountHref }: ProfileFormProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const bioId = useIslandId();
  const post = useApiPost();
  const session = useSession();
  const [user, setUser] = useState(initial);
  const form = useForm<Values>(valuesOf(initial), checkProfile);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const t = useText("account.profile");
  const maxOf = (field: keyof Values) => editCheck.bounds(field).max;

  function update(next: UserInfo) {
    setUser(next);
    // The header and every other page read the session's copy.
    void session.refresh();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    if (busy || !form.validate()) return;
    const body = editCheck.parse(editBody(form.values));
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      update(await post("user/editInfo", body, { toast: false }));
      setSaved(true);
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
    setBusy(false);
  }

  const field = (name: keyof Values, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={t(`${name}.label`)} name={name} maxLength={maxOf(name)} {...form.field(name)} {...extra} />
  );
  const bioError = form.message("bio");
  const bioMax = maxOf("bio");

  return (
    <section className="sf-profile" aria-labelledby={titleId}>
      <h1 className="sf-profile__title" id={titleId}>
        {title}
      </h1>
      <h2 className="sf-profile__subtitle">{t("photo")}</h2>
      <AvatarUpload user={user} onUploaded={update} />
      <h2 className="sf-profile__subtitle">{t("details")}</h2>
      <form className="sf-profile__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
        <p className="sf-auth__failure" role="alert">
          {failure}
        </p>
        <div className="sf-profile__pair">
          {field("firstName", { autoComplete: "given-name", required: true })}
          {field("lastName", { autoComplete: "family-name", required: true })}
        </div>
        <div className="sf-profile__pair">
          {field("nickname", { autoComplete: "nickname", hint: t("nickname.hint") })}
          {field("birthday", { type: "date", autoComplete: "bday", required: true, max: today().toISOString().slice(0, 10) })}
        </div>
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={bioId}>
            {t("bio.label")}
          </label>
          <textarea
            id={bioId}
            className="sf-field__input sf-profile__bio"
            name="bio"
            rows={4}
            maxLength={bioMax}
            value={form.values.bio}
            onChange={(event) => form.set("bio", event.target.value)}
            aria-invalid={bioError ? true : undefined}
            aria-describedby={`${bioId}-error`}
          />
          <p id={`${bioId}-error`} className="sf-field__error" aria-live="polite">
            {bioError}
          </p>
        </div>
        <div className="sf-profile__actions">
          <button className="sf-button" type="submit" disabled={busy}>
            {t("save")}
          </button>
          <p className="sf-profile__saved" role="status">
            {saved ? t("saved") : ""}
          </p>
        </div>
      </form>
      <p className="sf-profile__contact">
        {intl.formatMessage(
          { id: "account.profile.contact" },
          {
            link: (chunks) => (
              <a href={accountHref} key="link">
                {chunks}
              </a>
            ),
          },
        )}
      </p>
    </section>
  );
}
