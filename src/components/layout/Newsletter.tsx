// Newsletter sign-up in the footer: one labelled email field. Success and failure are
// said in a live region beside the form; a failure keeps what was typed.
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import type { NewsletterProps } from "../../../generated/types";
import { formatValidation } from "../../runtime/validation/format";
import { check, email } from "../../runtime/validation/rules";
import { failureMessage, useApiPost } from "../auth/api";
import { TextField } from "../auth/TextField";
import { useForm, type Errors } from "../auth/use-form";

interface Values {
  email: string;
}

const checkNewsletter = (values: Values): Errors<Values> => ({ email: check(values.email, email) ?? undefined });

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
    setBusy(true);
    setOutcome(null);
    try {
      await post("newsletter/subscribe", { email: form.values.email.trim() }, { toast: false });
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
          maxLength={254}
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
