// Newsletter sign-up in the footer: one labelled email field. Success and failure are
// said in a live region beside the form; a failure keeps what was typed.
import { type FormEvent, useId, useState } from "react";
import { useIntl } from "react-intl";
import type { NewsletterProps } from "../../../generated/types";
import validateSubscribe from "../../../generated/validators/api/newsletter/subscribe.request.js";
import { examples } from "../../../schemas/api/newsletter/subscribe.request.schema.json";
import { formatValidation } from "../../runtime/validation/format";
import { requestCheck } from "../../runtime/validation/request-check";
import { failureMessage, useApiPost } from "../auth/api";
import { TextField } from "../auth/TextField";
import { type Errors, useForm } from "../auth/use-form";

interface Values {
  email: string;
}

/** The subscribe request (schemas/api/newsletter/subscribe.request.schema.json). */
const subscribeCheck = requestCheck(validateSubscribe, examples[0]);
const EMAIL_MESSAGES = { required: { id: "validation.email.required" }, invalid: { id: "validation.email.format" } };

/** What the form sends: the address trimmed, left out when blank (so the schema says "required"). */
const subscribeBody = (values: Values) => (values.email.trim() ? { email: values.email.trim() } : {});

const checkNewsletter = (values: Values): Errors<Values> =>
  subscribeCheck.messages(subscribeBody(values), { email: EMAIL_MESSAGES });

type Outcome = { kind: "done" } | { kind: "failed"; text: string } | null;

export default function Newsletter({ title, text }: NewsletterProps) {
  const intl = useIntl();
  const titleId = useId();
  const post = useApiPost();
  const form = useForm<Values>({ email: "" }, checkNewsletter);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    // Checked above: parse only gives the body its type.
    const body = subscribeCheck.parse(subscribeBody(form.values));
    if (!body) return;
    setBusy(true);
    setOutcome(null);
    try {
      await post("newsletter/subscribe", body, { toast: false });
      form.set("email", "");
      setOutcome({ kind: "done" });
    } catch (error) {
      setOutcome({ kind: "failed", text: failureMessage(intl, error) });
    } finally {
      setBusy(false);
    }
  }

  const error = form.errors.email;
  return (
    <section className="sf-newsletter" aria-labelledby={titleId}>
      <h2 className="sf-newsletter__title" id={titleId}>
        {title ?? intl.formatMessage({ id: "newsletter.title" })}
      </h2>
      <p className="sf-newsletter__text">{text ?? intl.formatMessage({ id: "newsletter.text" })}</p>
      <form className="sf-newsletter__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={intl.formatMessage({ id: "newsletter.email.label" })}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={subscribeCheck.bounds("email").max}
          value={form.values.email}
          onValueChange={(value) => form.set("email", value)}
          error={error ? formatValidation(intl, error) : null}
        />
        <button className="sf-button sf-newsletter__submit" type="submit" disabled={busy}>
          {intl.formatMessage({ id: "newsletter.submit" })}
        </button>
      </form>
      <p className={`sf-newsletter__outcome sf-newsletter__outcome--${outcome?.kind ?? "none"}`} role="status">
        {outcome?.kind === "done" && intl.formatMessage({ id: "newsletter.done" })}
        {outcome?.kind === "failed" && outcome.text}
      </p>
    </section>
  );
}
