// Newsletter sign-up in the footer: one labelled email field, a plain form posting to
// {prefix}/form/newsletter until the island runs (then newsletter/subscribe through the api).
// Success and failure are said in a live region beside the form, also on the page a plain
// post comes back to; a failure keeps what was typed.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { NewsletterProps } from "../../../generated/types";
import { formatValidation } from "../../runtime/validation/format";
import { useIslandId } from "../../shared/island-id";
import { failureMessage, useApiPost } from "../auth/api";
import { TextField } from "../auth/TextField";
import { useForm } from "../auth/use-form";
import { flashErrors, ownFlash, PlainForm, useFormPost } from "../common/form-post";
import { checkNewsletter, type NewsletterValues, subscribeBody, subscribeCheck } from "./newsletter-check";

type Outcome = { kind: "done" } | { kind: "failed"; text: string } | null;

const NEWSLETTER_FORM = "newsletter";

export default function Newsletter({ title, text, form: posted }: NewsletterProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const post = useApiPost();
  const plain = useFormPost(NEWSLETTER_FORM);
  const flash = ownFlash(posted, NEWSLETTER_FORM);
  const form = useForm<NewsletterValues>({ email: flash?.values.email ?? "" }, checkNewsletter, flashErrors(flash));
  const [outcome, setOutcome] = useState<Outcome>(() =>
    flash?.notice
      ? { kind: "done" }
      : flash?.failure
        ? { kind: "failed", text: intl.formatMessage({ id: flash.failure }) }
        : null,
  );
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
      <PlainForm className="sf-newsletter__form" post={plain} formRef={form.formRef} onSubmit={onSubmit} busy={busy}>
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
      </PlainForm>
      <p className={`sf-newsletter__outcome sf-newsletter__outcome--${outcome?.kind ?? "none"}`} role="status">
        {outcome?.kind === "done" && intl.formatMessage({ id: "newsletter.done" })}
        {outcome?.kind === "failed" && outcome.text}
      </p>
    </section>
  );
}
