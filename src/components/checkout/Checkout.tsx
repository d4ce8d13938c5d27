// Checkout for a signed-in shopper: address, coupon, shipping and payment methods, remarks,
// totals, and placing the order, which leads to the payment page or the thank-you page.
// Signed out, it says so and links to sign-in and sign-up, which come back here.
// The server renders it for the shopper of the page's session cookie (`signedIn`, `order`) as
// plain forms; once the island runs with the shopper's token it works through the API. A
// shopper the server knows by the cookie alone keeps the plain forms.
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
  const live = hydrated && signedIn;
  const shown: "skeleton" | "signin" | "form" = live
    ? "form"
    : hydrated
      ? props.order
        ? "form"
        : "signin"
      : props.signedIn === undefined
        ? "skeleton"
        : props.order
          ? "form"
          : "signin";
  if (shown === "skeleton") {
    return (
      <section className="sf-checkout" aria-busy="true">
        {title}
        <div className="sf-skeleton sf-checkout__placeholder" />
      </section>
    );
  }
  if (shown === "signin") {
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
      <CheckoutForm cartHref={props.cartHref} initial={props.order} form={props.form} live={live} />
    </section>
  );
}
