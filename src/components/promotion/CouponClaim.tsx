// Claiming a coupon into the account. The server writes what a visitor sees, a link to sign
// in that comes back here; once the island runs for a signed-in shopper it asks which
// coupons the account holds and offers the Claim button, or says the coupon is already there.
// Claiming twice is harmless: the server keeps the first claim.
import { type ReactNode, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { CouponClaimProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";

type State = "unknown" | "open" | "claiming" | "claimed";

export default function CouponClaim({ code, expired, signInHref, accountHref }: CouponClaimProps) {
  const intl = useIntl();
  const t = useText("coupon.claim");
  const post = useApiPost();
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  const [state, setState] = useState<State>("unknown");
  const [error, setError] = useState<string | null>(null);
  const active = hydrated && signedIn && !expired;

  useEffect(() => {
    if (!active) return;
    let live = true;
    post("coupon/mine", {}, { toast: false }).then(
      ({ items }) => live && setState((s) => (s === "unknown" ? (items.some((c) => c.code === code) ? "claimed" : "open") : s)),
      // Unknown: the button still claims, and claiming one already held is no error.
      () => live && setState((s) => (s === "unknown" ? "open" : s)),
    );
    return () => {
      live = false;
    };
  }, [active, post, code]);

  async function claim() {
    setState("claiming");
    setError(null);
    try {
      await post("coupon/claim", { code }, { toast: false });
      setState("claimed");
    } catch (failure) {
      setError(failureMessage(intl, failure));
      setState("open");
    }
  }

  let action: ReactNode = null;
  if (expired) action = <p className="sf-claim__note">{t("expired")}</p>;
  else if (!active) {
    action = (
      <a className="sf-button" href={signInHref}>
        {t("signin")}
      </a>
    );
  } else if (state === "claimed") {
    action = (
      <a className="sf-button sf-button--secondary" href={accountHref}>
        {t("account")}
      </a>
    );
  } else {
    action = (
      <button type="button" className="sf-button" disabled={state === "claiming"} onClick={() => void claim()}>
        {t(state === "claiming" ? "busy" : "button")}
      </button>
    );
  }
  return (
    <section className="sf-claim" aria-label={t("region")}>
      {/* In the page from the start, so that the claim's outcome is announced. */}
      <p role="status" className="sf-claim__done">
        {active && state === "claimed" ? t("done") : null}
      </p>
      {action}
      {error && (
        <p className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
