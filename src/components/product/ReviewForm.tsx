// Writing a review of a purchase: which order line (when more than one can be reviewed), a
// rating of 1 to 5 stars, an optional title, the text and up to 3 photos, sent as multipart
// (review/add). Every field has its label and its error beside it; the browser checks what the
// server will (src/shared/reviews.ts, image-type.ts) to say so at once, and a refusal of the
// server lands beside the field it is about, in the shopper's language (its reason).
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { ProductReview, ReviewableLine, ReviewSummary } from "../../../generated/types";
import { ApiError } from "../../runtime/api/client";
import { useApiPost } from "../../runtime/hooks/useApi";
import { IMAGE_MAX_BYTES, IMAGE_SIGNATURE_BYTES, imageKindOf } from "../../shared/image-type";
import { useIslandId } from "../../shared/island-id";
import { REVIEW_BODY_MAX, REVIEW_PHOTOS_MAX, REVIEW_TITLE_MAX } from "../../shared/reviews";
import { failureMessage } from "../common/failure-message";

export interface ReviewFormProps {
  productSlug: string;
  productTitle: string;
  /** The shopper's order lines of the product that can be reviewed (state "open"); at least one. */
  lines: readonly ReviewableLine[];
  onPosted(review: ProductReview, summary: ReviewSummary, lineId: string): void;
  onCancel(): void;
  /** The heading level of the form's title (2 on its own, 3 inside a section). */
  headingLevel?: 2 | 3 | 4;
}

type Field = "line" | "score" | "title" | "body" | "photos" | "form";
type Errors = Partial<Record<Field, string>>;

/** Which field a server refusal is about; the rest are the form's. */
const FIELD_OF_REASON: Record<string, Field> = {
  "review.reason.score": "score",
  "review.reason.title": "title",
  "review.reason.body": "body",
  "review.reason.photoCount": "photos",
  "review.reason.photoSize": "photos",
  "review.reason.photoType": "photos",
  "review.reason.alreadyReviewed": "line",
};

const STARS = [1, 2, 3, 4, 5] as const;

export default function ReviewForm({ productSlug, productTitle, lines, onPosted, onCancel, headingLevel = 3 }: ReviewFormProps) {
  const intl = useIntl();
  const post = useApiPost();
  const id = useIslandId();
  const [lineId, setLineId] = useState(lines[0]!.lineId);
  const [score, setScore] = useState(0);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const photos = useRef<HTMLInputElement>(null);
  const Heading = `h${headingLevel}` as const;
  const say = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const fieldId = (field: Field) => `${id}-${field}`;
  const line = lines.find((l) => l.lineId === lineId) ?? lines[0]!;
  /** A field the shopper changes loses its error (the form's own, about the last try, too). */
  const edited = (field: Field) => setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e));

  async function check(): Promise<Errors> {
    const found: Errors = {};
    if (score < 1 || score > 5) found.score = say("review.reason.score");
    if (title.trim().length > REVIEW_TITLE_MAX) found.title = say("review.reason.title");
    if (!body.trim()) found.body = say("review.reason.body");
    const files = [...(photos.current?.files ?? [])];
    if (files.length > REVIEW_PHOTOS_MAX) found.photos = say("review.reason.photoCount");
    else if (files.some((f) => f.size > IMAGE_MAX_BYTES)) found.photos = say("review.reason.photoSize");
    else {
      // The first bytes decide, as on the server: a file named .jpg that is not an image is refused.
      for (const file of files) {
        const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
        if (!imageKindOf(head)) {
          found.photos = say("review.reason.photoType");
          break;
        }
      }
    }
    return found;
  }

  function show(found: Errors) {
    setErrors(found);
    const first = (["line", "score", "title", "body", "photos", "form"] as const).find((f) => found[f]);
    if (first) document.getElementById(first === "score" ? `${fieldId("score")}-1` : fieldId(first))?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const found = await check();
    if (Object.keys(found).length > 0) {
      setBusy(false);
      show(found);
      return;
    }
    setErrors({});
    const form = new FormData();
    form.append("productSlug", productSlug);
    form.append("lineId", line.lineId);
    form.append("score", String(score));
    form.append("title", title.trim());
    form.append("body", body.trim());
    for (const file of photos.current?.files ?? []) form.append("photos", file);
    try {
      const answer = await post("review/add", form, { toast: false });
      onPosted(answer.review, answer.summary, line.lineId);
    } catch (error) {
      setBusy(false);
      const reason = error instanceof ApiError && "reason" in error.failure ? error.failure.reason?.id : undefined;
      show({ [(reason && FIELD_OF_REASON[reason]) || "form"]: failureMessage(intl, error, "checkout.error.generic") });
    }
  }

  const described = (field: Field, note?: string) => {
    const ids = [note, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(" ");
    return { "aria-invalid": errors[field] ? true : undefined, ...(ids ? { "aria-describedby": ids } : {}) };
  };
  const error = (field: Field) =>
    errors[field] ? (
      <p className="sf-field__error" id={`${fieldId(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const limit = (value: string, max: number, field: Field) =>
    value.length >= max ? (
      <p className="sf-field__note" id={`${fieldId(field)}-limit`} role="status">
        {say("review.form.limit", { max })}
      </p>
    ) : null;

  return (
    <form className="sf-review-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="sf-review-form__title">
        {say("review.form.title", { title: productTitle })}
      </Heading>
      {lines.length > 1 ? (
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={fieldId("line")}>
            {say("review.form.line")}
          </label>
          <select
            id={fieldId("line")}
            className="sf-input"
            value={lineId}
            onChange={(e) => {
              setLineId(e.target.value);
              edited("line");
            }}
            {...described("line")}
          >
            {lines.map((l) => (
              <option key={l.lineId} value={l.lineId}>
                {say("review.form.lineOption", { variant: l.variantTitle || l.title, orderNo: l.orderNo })}
              </option>
            ))}
          </select>
          {error("line")}
        </div>
      ) : (
        <div className="sf-review-form__line" id={fieldId("line")} tabIndex={-1}>
          <p>{say("review.form.lineOne", { variant: line.variantTitle || line.title, orderNo: line.orderNo })}</p>
          {error("line")}
        </div>
      )}
      <fieldset className="sf-review-form__stars" aria-describedby={errors.score ? `${fieldId("score")}-error` : undefined}>
        <legend className="sf-field__label">{say("review.form.rating")}</legend>
        <div className="sf-stars-input">
          {STARS.map((n) => (
            <label key={n} className={`sf-stars-input__star${n <= score ? " sf-stars-input__star--on" : ""}`}>
              <input
                type="radio"
                id={`${fieldId("score")}-${n}`}
                className="sf-stars-input__radio"
                name={`${id}-score`}
                value={n}
                checked={score === n}
                onChange={() => {
                  setScore(n);
                  edited("score");
                }}
              />
              <span aria-hidden="true" className="sf-stars-input__icon">
                ★
              </span>
              <span className="sf-visually-hidden">{say("review.form.star", { count: n })}</span>
            </label>
          ))}
        </div>
        {error("score")}
      </fieldset>
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={fieldId("title")}>
          {say("review.form.headline")} <span className="sf-field__optional">{say("review.form.optional")}</span>
        </label>
        <input
          id={fieldId("title")}
          className="sf-input"
          type="text"
          maxLength={REVIEW_TITLE_MAX}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            edited("title");
          }}
          {...described("title", title.length >= REVIEW_TITLE_MAX ? `${fieldId("title")}-limit` : undefined)}
        />
        {limit(title, REVIEW_TITLE_MAX, "title")}
        {error("title")}
      </div>
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={fieldId("body")}>
          {say("review.form.body")}
        </label>
        <textarea
          id={fieldId("body")}
          className="sf-input sf-review-form__body"
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          required
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            edited("body");
          }}
          {...described("body", body.length >= REVIEW_BODY_MAX ? `${fieldId("body")}-limit` : undefined)}
        />
        {limit(body, REVIEW_BODY_MAX, "body")}
        {error("body")}
      </div>
      <div className="sf-field">
        <label className="sf-field__label" htmlFor={fieldId("photos")}>
          {say("review.form.photos")} <span className="sf-field__optional">{say("review.form.optional")}</span>
        </label>
        <input
          id={fieldId("photos")}
          ref={photos}
          className="sf-input"
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          onChange={() => edited("photos")}
          {...described("photos", `${fieldId("photos")}-note`)}
        />
        <p className="sf-field__note" id={`${fieldId("photos")}-note`}>
          {say("review.form.photos.note", { max: REVIEW_PHOTOS_MAX })}
        </p>
        {error("photos")}
      </div>
      <p className="sf-form-error" role="alert" id={fieldId("form")} tabIndex={-1}>
        {errors.form ?? ""}
      </p>
      <div className="sf-review-form__actions">
        <button type="submit" className="sf-button sf-button--primary" aria-disabled={busy || undefined}>
          {say(busy ? "review.form.sending" : "review.form.submit")}
        </button>
        <button type="button" className="sf-button sf-button--secondary" onClick={onCancel}>
          {say("review.form.cancel")}
        </button>
      </div>
    </form>
  );
}
