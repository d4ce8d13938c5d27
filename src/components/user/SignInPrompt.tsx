// What a signed-out shopper sees on a page that needs their account.
import { useIntl } from "react-intl";

export default function SignInPrompt({ titleId, signInHref }: { titleId: string; signInHref: string }) {
  const intl = useIntl();
  return (
    <section className="sf-status sf-orders">
      <h1 className="sf-status__title">{intl.formatMessage({ id: titleId })}</h1>
      <p className="sf-status__text">{intl.formatMessage({ id: "order.signinRequired" })}</p>
      <p>
        <a className="sf-button" href={signInHref}>
          {intl.formatMessage({ id: "order.signin" })}
        </a>
      </p>
    </section>
  );
}
