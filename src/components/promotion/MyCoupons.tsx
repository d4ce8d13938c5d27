// The coupons the shopper has claimed, on the account overview: code, what it gives, until
// when, and whether it can be used now or why not (the same words checkout would use).
import { useIntl } from "react-intl";
import type { MyCouponsProps } from "../../../generated/types";
import { useText } from "../common/use-text";
import Day from "./Day";

export default function MyCoupons({ coupons, browseHref }: MyCouponsProps) {
  const intl = useIntl();
  const t = useText("coupon.mine");
  return (
    <section className="sf-my-coupons" aria-labelledby="sf-my-coupons-title">
      <h2 id="sf-my-coupons-title" className="sf-center__subtitle">
        {t("title")}
      </h2>
      {coupons.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <ul className="sf-my-coupons__list">
          {coupons.map((coupon) => (
            <li key={coupon.code} className="sf-my-coupons__item">
              <a href={coupon.href} className="sf-my-coupons__code">
                {coupon.code}
              </a>
              <span>{coupon.title}</span>
              <span className="sf-my-coupons__until">
                {intl.formatMessage({ id: "coupon.validUntil" }, { date: <Day key="date" value={coupon.expiresAt} /> })}
              </span>
              <span className={`sf-badge ${coupon.reason ? "sf-badge--warn" : "sf-badge--ok"}`}>
                {coupon.reason ? intl.formatMessage({ id: coupon.reason.id }, coupon.reason.values) : t("ready")}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a className="sf-button sf-button--secondary" href={browseHref}>
          {t("browse")}
        </a>
      </p>
    </section>
  );
}
