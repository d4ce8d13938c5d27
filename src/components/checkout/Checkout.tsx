// Checkout for a signed-in shopper: address, coupon, shipping and payment methods, remarks,
// totals, and placing the order, which leads to the thank-you page. Signed out, it says
// so and links to sign-in and sign-up, which come back here.
import { useIntl } from "react-intl";
import type { CheckoutProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import CheckoutForm from "./CheckoutForm";

export default function Checkout(props: CheckoutProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { signedIn } = useSession();

  const title = <h1 className="sf-checkout__title">{intl.formatMessage({ id: "checkout.title" })}</h1>;
  if (!hydrated) {
    return (
      <section className="sf-checkout" aria-busy="true">
        {title}
        <div className="sf-skeleton sf-checkout__placeholder" />
      </section>
    );
  }
  if (!signedIn) {
    return (
      <section className="sf-checkout">
        {title}
        <div className="sf-checkout__signin">
          <p>{intl.formatMessage({ id: "checkout.signinRequired" })}</p>
          <p className="sf-checkout__signin-links">
            <a className="sf-button" href={props.signInHref}>
              {intl.formatMessage({ id: "checkout.signin" })}
            </a>
            <a className="sf-button sf-button--secondary" href={props.signUpHref}>
              {intl.formatMessage({ id: "checkout.signup" })}
            </a>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="sf-checkout">
      {title}
      <CheckoutForm cartHref={props.cartHref} />
    </section>
  );
}
