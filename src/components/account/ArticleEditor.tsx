// Writing or editing one of the shopper's articles: title, slug (filled from the title until
// edited), a thumbnail uploaded at once (the server checks the bytes), the Markdown body and
// whether it is published. The fields are checked with the save request's generated validator.
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { ArticleSaveRequest, MyArticle } from "../../../generated/types";
import validateSave from "../../../generated/validators/api/article/save.request.js";
import { examples } from "../../../schemas/api/article/save.request.schema.json";
import { useApiPost } from "../../runtime/hooks/useApi";
import { formatValidation } from "../../runtime/validation/format";
import { type FieldMessages, requestCheck } from "../../runtime/validation/request-check";
import type { ValidationMessage } from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";
import { TextField } from "../auth/TextField";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";

const saveCheck = requestCheck(validateSave, examples[0]);
const FIELDS = ["title", "slug", "body"] as const;
type Field = (typeof FIELDS)[number];

const messages = (field: Field): FieldMessages => {
  const name: ValidationMessage = { id: `account.articles.field.${field}` };
  return {
    required: { id: "validation.required", values: { field: name } },
    invalid: { id: field === "slug" ? "account.articles.slug.invalid" : "account.articles.invalid", values: { field: name } },
  };
};
const MESSAGES = { title: messages("title"), slug: messages("slug"), body: messages("body") };

/** A slug from a title: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, saveCheck.bounds("slug").max)
    .replace(/-+$/, "");
}

interface Props {
  /** The article being edited, with its Markdown; none writes a new one. */
  editing?: { article: MyArticle; body: string };
  onSaved(article: MyArticle): void;
  onCancel(): void;
}

export default function ArticleEditor({ editing, onSaved, onCancel }: Props) {
  const intl = useIntl();
  const post = useApiPost();
  const id = useIslandId();
  const form = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(editing?.article.title ?? "");
  const [slug, setSlug] = useState(editing?.article.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(editing !== undefined);
  const [body, setBody] = useState(editing?.body ?? "");
  const [thumbnail, setThumbnail] = useState(editing?.article.thumbnail ?? "");
  const [published, setPublished] = useState(editing?.article.published ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationMessage>>>({});
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");
  const t = useText("account.articles");
  const message = (field: Field) => (errors[field] ? formatValidation(intl, errors[field]) : null);
  // A message about what was just changed is out of date; the next submit checks again.
  const edited = (field: Field) => setErrors(({ [field]: _changed, ...rest }) => rest);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setUploadError("");
    try {
      const data = new FormData();
      data.append("thumbnail", file);
      setThumbnail((await post("article/thumbnail", data, { toast: false })).url);
    } catch (failure) {
      setUploadError(failureMessage(intl, failure));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request: ArticleSaveRequest = {
      ...(editing ? { id: editing.article.id } : {}),
      title: title.trim(),
      slug: slug.trim(),
      body,
      published,
      ...(thumbnail ? { thumbnail } : {}),
    };
    const filled = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== ""));
    const found = saveCheck.messages(filled, MESSAGES);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name=${first}]`)?.focus();
      return;
    }
    setSaving(true);
    setError("");
    try {
      onSaved(await post("article/save", request, { toast: false }));
    } catch (failure) {
      setError(failureMessage(intl, failure));
      setSaving(false);
    }
  }

  return (
    <form ref={form} className="sf-article-editor" method="post" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sf-account-lists__subtitle">
        {t(editing ? "edit" : "write")}
      </h2>
      <TextField
        label={t("field.title")}
        name="title"
        required
        maxLength={saveCheck.bounds("title").max}
        value={title}
        onValueChange={(value) => {
          edited("title");
          setTitle(value);
          if (!slugTouched) setSlug(slugify(value));
        }}
        error={message("title")}
      />
      <TextField
        label={t("field.slug")}
        name="slug"
        required
        hint={t("slug.hint")}
        maxLength={saveCheck.bounds("slug").max}
        autoCapitalize="none"
        spellCheck={false}
        value={slug}
        onValueChange={(value) => {
          edited("slug");
          setSlugTouched(true);
          setSlug(value);
        }}
        error={message("slug")}
      />
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={`${id}-thumbnail`}>
          {t("field.thumbnail")} <span className="sf-field__optional">{intl.formatMessage({ id: "address.optional" })}</span>
        </label>
        {thumbnail && (
          <img className="sf-article-editor__thumbnail" src={thumbnail} alt={t("thumbnail.current")} width={160} height={120} />
        )}
        <input
          id={`${id}-thumbnail`}
          name="thumbnail"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-describedby={`${id}-thumbnail-note`}
          disabled={uploading}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        <p id={`${id}-thumbnail-note`} className="sf-field__note">
          {uploading ? t("thumbnail.uploading") : t("thumbnail.hint")}
        </p>
        {uploadError && (
          <p className="sf-field__error" role="alert">
            {uploadError}
          </p>
        )}
        {thumbnail && (
          <button type="button" className="sf-link-button sf-article-editor__remove" onClick={() => setThumbnail("")}>
            {t("thumbnail.remove")}
          </button>
        )}
      </div>
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={`${id}-body`}>
          {t("field.body")}
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          className="sf-input sf-article-editor__body"
          rows={14}
          required
          maxLength={saveCheck.bounds("body").max}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-body-note${errors.body ? ` ${id}-body-error` : ""}`}
          value={body}
          onChange={(event) => {
            edited("body");
            setBody(event.target.value);
          }}
        />
        <p id={`${id}-body-note`} className="sf-field__note">
          {t("body.hint")}
        </p>
        <p id={`${id}-body-error`} className="sf-field__error" aria-live="polite">
          {message("body")}
        </p>
      </div>
      <div className="sf-field sf-field--check">
        <input
          id={`${id}-published`}
          name="published"
          type="checkbox"
          checked={published}
          onChange={(event) => setPublished(event.target.checked)}
        />
        <label htmlFor={`${id}-published`}>{t("field.published")}</label>
      </div>
      {error && (
        <p role="alert" className="sf-form-error">
          {error}
        </p>
      )}
      <div className="sf-address-form__actions">
        <button type="button" className="sf-button sf-button--secondary" onClick={onCancel}>
          {intl.formatMessage({ id: "address.cancel" })}
        </button>
        <button type="submit" className="sf-button" disabled={saving || uploading}>
          {t(saving ? "saving" : "save")}
        </button>
      </div>
    </form>
  );
}
