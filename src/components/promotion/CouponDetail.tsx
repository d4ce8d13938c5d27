// A coupon's page: what it gives and its code, then a list of its rules (minimum spend,
// validity, how often it can be used, the products it applies to, as links) and its terms.
import { useIntl } from "react-intl";
import type { CouponDetailProps } from "../../../generated/types";
import { useText } from "../common/use-text";
import CouponValidity from "./CouponValidity";
import Day from "./Day";
import { couponMinimum, couponValue } from "./format";

export default function CouponDetail({ coupon, currency, products, oncePerAccount, firstOrderOnly, terms }: CouponDetailProps) {
  const intl = useIntl();
  const t = useText("coupon.detail");
  const uses = [...(oncePerAccount ? [t("oncePerAccount")] : []), ...(firstOrderOnly ? [t("firstOrderOnly")] : [])];
  return (
    <article className={`sf-coupon-page sf-coupon-page--${coupon.state}`} aria-labelledby="sf-coupon-title">
      <p className="sf-coupon-page__value">{couponValue(intl, coupon, currency)}</p>
      <h1 id="sf-coupon-title" className="sf-coupon-page__title">
        {coupon.title}
      </h1>
      {coupon.state === "expired" && (
        <p className="sf-coupon-page__notice">{intl.formatMessage({ id: "coupon.reason.expired" })}</p>
      )}
      {coupon.state === "upcoming" && coupon.startsAt && (
        <p className="sf-coupon-page__notice">
          {intl.formatMessage({ id: "coupon.startsOn" }, { date: <Day key="date" value={coupon.startsAt} /> })}
        </p>
      )}
      <dl className="sf-coupon-page__facts">
        <div>
          <dt>{t("code")}</dt>
          <dd className="sf-coupon-page__code">{coupon.code}</dd>
        </div>
        <div>
          <dt>{t("value")}</dt>
          <dd>{couponValue(intl, coupon, currency)}</dd>
        </div>
        <div>
          <dt>{t("minimum")}</dt>
          <dd>{couponMinimum(intl, coupon, currency)}</dd>
        </div>
        <div>
          <dt>{t("validity")}</dt>
          <dd>
            <CouponValidity coupon={coupon} />
          </dd>
        </div>
        <div>
          <dt>{t("uses")}</dt>
          <dd>{uses.length > 0 ? intl.formatList(uses, { type: "conjunction" }) : t("anyOrder")}</dd>
        </div>
        <div>
          <dt>{t("products")}</dt>
          <dd>
            {products.length === 0 ? (
              t("allProducts")
            ) : (
              <ul className="sf-coupon-page__products">
                {products.map((product) => (
                  <li key={product.href}>
                    <a href={product.href}>{product.title}</a>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {terms && (
        <section className="sf-coupon-page__terms" aria-labelledby="sf-coupon-terms">
          <h2 id="sf-coupon-terms">{t("terms")}</h2>
          {terms
            .split(/\n\s*\n/)
            .filter((p) => p.trim())
            .map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text never move.
              <p key={i}>{paragraph}</p>
            ))}
        </section>
      )}
    </article>
  );
}
