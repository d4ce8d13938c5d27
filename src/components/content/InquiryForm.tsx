// SPEC.md's "inquiry product" and "inquiry feedback": a visitor asks a quote for a product
// (quantity, name, company, email or phone, message: inquiry/submit) or writes to the store
// on a topic (feedback/submit). Every rule is the request schema's (through its generated
// validator) but one no schema states: an email address or a phone number, at least one.
// Once sent, the page's address becomes its confirmation (?sent={number}, kept on reload),
// whose heading takes the focus; the shop and the sender are mailed by the server. Before or
// without script the form posts itself to its page (src/server/pages/contact-posts.ts), which
// answers with the same confirmation, or with the form again and why (`failure`).
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { FeedbackSubmitRequest, InquiryFormProps, InquirySubmitRequest } from "../../../generated/types";
import validateFeedback from "../../../generated/validators/api/feedback/submit.request.js";
import validateInquiry from "../../../generated/validators/api/inquiry/submit.request.js";
import { examples as feedbackExamples } from "../../../schemas/api/feedback/submit.request.schema.json";
import { examples as inquiryExamples } from "../../../schemas/api/inquiry/submit.request.schema.json";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { formatValidation } from "../../runtime/validation/format";
import { requestCheck } from "../../runtime/validation/request-check";
import type { ValidationMessage } from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";
import { withPrefix } from "../../shared/language-prefix";
import { failureMessage, useApiPost } from "../auth/api";
import { TextField } from "../auth/TextField";
import { type Errors, useForm } from "../auth/use-form";
import { useText } from "../common/use-text";

const TOPICS: readonly FeedbackSubmitRequest["topic"][] = ["product", "order", "delivery", "website", "other"];

interface Values {
  topic: string;
  quantity: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  message: string;
}

const inquiryCheck = requestCheck(validateInquiry, inquiryExamples[0]);
const feedbackCheck = requestCheck(validateFeedback, feedbackExamples[0]);

const trimmed = (value: string) => value.trim() || undefined;

/** The body a form sends: blank fields left out, so the schema says "required" for them. */
function bodyOf(kind: InquiryFormProps["kind"], productSlug: string, v: Values): Record<string, unknown> {
  const contact = {
    name: trimmed(v.name),
    email: trimmed(v.email),
    phone: trimmed(v.phone)?.replace(/[\s-]/g, ""),
    message: trimmed(v.message),
  };
  const body =
    kind === "quote"
      ? {
          productSlug,
          quantity: v.quantity.trim() === "" ? undefined : Number(v.quantity),
          company: trimmed(v.company),
          ...contact,
        }
      : { topic: v.topic || undefined, ...contact };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

const at = (id: string): ValidationMessage => ({ id });

function check(kind: InquiryFormProps["kind"], productSlug: string, values: Values): Errors<Values> {
  const body = bodyOf(kind, productSlug, values);
  const contact = {
    name: { required: at("inquiry.validation.name"), invalid: at("inquiry.validation.name") },
    email: { invalid: at("validation.email.format") },
    phone: { invalid: at("inquiry.validation.phone") },
    message: { required: at("inquiry.validation.message"), invalid: at("inquiry.validation.message") },
  };
  const errors: Errors<Values> =
    kind === "quote"
      ? inquiryCheck.messages(body, {
          ...contact,
          quantity: { required: at("inquiry.validation.quantity"), invalid: at("inquiry.validation.quantity") },
          company: { invalid: at("inquiry.validation.company") },
        })
      : feedbackCheck.messages(body, {
          ...contact,
          topic: { required: at("inquiry.validation.topic"), invalid: at("inquiry.validation.topic") },
        });
  if (!body.email && !body.phone) errors.email = at("inquiry.validation.contact");
  return errors;
}

// The island persists across navigations (its template's `persist`), so that the visit to the
// confirmation's address keeps it, and its focused heading, instead of drawing it again. Another
// form (kind or product) starts afresh; a confirmation comes and goes with the address's `sent`.
export default function InquiryForm(props: InquiryFormProps) {
  return <Inquiry key={`${props.kind}:${props.productSlug ?? ""}`} {...props} />;
}

function Inquiry({ kind, productSlug = "", title, reference: sent, failure: failed }: InquiryFormProps) {
  const intl = useIntl();
  const id = useIslandId();
  const post = useApiPost();
  const navigate = useNavigate();
  const route = useRouteInfo();
  const form = useForm<Values>({ topic: "", quantity: "", name: "", company: "", email: "", phone: "", message: "" }, (v) =>
    check(kind, productSlug, v),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(failed ? intl.formatMessage({ id: `inquiry.failed.${failed}` }) : "");
  const [reference, setReference] = useState(sent ?? "");
  const [shownSent, setShownSent] = useState(sent);
  if (sent !== shownSent) {
    setShownSent(sent);
    setReference(sent ?? "");
  }
  const doneRef = useRef<HTMLHeadingElement>(null);
  const t = useText("inquiry");
  const error = (field: keyof Values) => {
    const found = form.errors[field];
    return found ? formatValidation(intl, found) : null;
  };

  useEffect(() => {
    if (reference) doneRef.current?.focus();
  }, [reference]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    setFailure("");
    try {
      const body = bodyOf(kind, productSlug, form.values);
      const answer =
        kind === "quote"
          ? await post("inquiry/submit", body as unknown as InquirySubmitRequest, { toast: false })
          : await post("feedback/submit", body as unknown as FeedbackSubmitRequest, { toast: false });
      setReference(answer.reference);
      // The confirmation has an address of its own: a reload shows it again, not an empty form.
      navigate(`~${withPrefix(route.prefix, route.path)}?sent=${answer.reference}`, { replace: true });
    } catch (err) {
      setFailure(failureMessage(intl, err));
    } finally {
      setBusy(false);
    }
  }

  if (reference) {
    return (
      <section className="sf-inquiry sf-inquiry--done" aria-labelledby={`${id}-done`}>
        <h1 className="sf-inquiry__title" id={`${id}-done`} ref={doneRef} tabIndex={-1}>
          {t(kind === "quote" ? "done.quote" : "done.feedback")}
        </h1>
        <p>{intl.formatMessage({ id: "inquiry.done.reference" }, { reference })}</p>
        <p>{t("done.next")}</p>
      </section>
    );
  }

  const quote = kind === "quote";
  return (
    <section className="sf-inquiry" aria-labelledby={`${id}-title`}>
      <h1 className="sf-inquiry__title" id={`${id}-title`}>
        {title ?? t(quote ? "quote.title" : "feedback.title")}
      </h1>
      <p className="sf-inquiry__intro">{t(quote ? "quote.intro" : "feedback.intro")}</p>
      <form className="sf-inquiry__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
        {quote ? (
          <TextField
            label={t("quantity")}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={100000}
            required
            value={form.values.quantity}
            onValueChange={(value) => form.set("quantity", value)}
            error={error("quantity")}
          />
        ) : (
          <div className="sf-field">
            <label className="sf-field__label" htmlFor={`${id}-topic`}>
              {t("topic")}
            </label>
            <select
              className="sf-field__input"
              id={`${id}-topic`}
              name="topic"
              required
              value={form.values.topic}
              onChange={(event) => form.set("topic", event.target.value)}
              aria-invalid={form.errors.topic ? true : undefined}
              aria-describedby={`${id}-topic-error`}
            >
              <option value="">{t("topic.choose")}</option>
              {TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`topic.${topic}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-topic-error`} className="sf-field__error" aria-live="polite">
              {error("topic")}
            </p>
          </div>
        )}
        <TextField
          label={quote ? t("name") : t("name.optional")}
          name="name"
          autoComplete="name"
          required={quote}
          maxLength={100}
          value={form.values.name}
          onValueChange={(value) => form.set("name", value)}
          error={error("name")}
        />
        {quote && (
          <TextField
            label={t("company")}
            name="company"
            autoComplete="organization"
            maxLength={100}
            value={form.values.company}
            onValueChange={(value) => form.set("company", value)}
            error={error("company")}
          />
        )}
        <TextField
          label={t("email")}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          hint={t("contact.hint")}
          value={form.values.email}
          onValueChange={(value) => form.set("email", value)}
          error={error("email")}
        />
        <TextField
          label={t("phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={20}
          value={form.values.phone}
          onValueChange={(value) => form.set("phone", value)}
          error={error("phone")}
        />
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${id}-message`}>
            {t(quote ? "message.quote" : "message")}
          </label>
          <textarea
            className="sf-field__input sf-inquiry__message"
            id={`${id}-message`}
            name="message"
            required
            rows={6}
            maxLength={2000}
            value={form.values.message}
            onChange={(event) => form.set("message", event.target.value)}
            aria-invalid={form.errors.message ? true : undefined}
            aria-describedby={`${id}-message-error`}
          />
          <p id={`${id}-message-error`} className="sf-field__error" aria-live="polite">
            {error("message")}
          </p>
        </div>
        <button className="sf-button" type="submit" disabled={busy}>
          {t(quote ? "submit.quote" : "submit.feedback")}
        </button>
        <p className="sf-inquiry__failure" role="alert">
          {failure}
        </p>
      </form>
    </section>
  );
}
