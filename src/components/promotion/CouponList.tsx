// The coupons a shopper can claim or use: what each gives, its code, its minimum spend and
// until when it is valid (or from when, for one not started); its name links to its page.
import { useIntl } from "react-intl";
import type { CouponListProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import CouponValidity from "./CouponValidity";
import { couponMinimum, couponValue } from "./format";

export default function CouponList({ title, coupons, currency }: CouponListProps) {
  const intl = useIntl();
  const headingId = useIslandId();
  return (
    <section className="sf-offers" aria-labelledby={headingId}>
      <h1 id={headingId} className="sf-offers__title">
        {title}
      </h1>
      {coupons.length === 0 ? (
        <p className="sf-offers__empty">{intl.formatMessage({ id: "coupon.empty" })}</p>
      ) : (
        <ul className="sf-offers__list">
          {coupons.map((coupon) => (
            <li key={coupon.slug} className={`sf-offer sf-offer--coupon sf-offer--${coupon.state}`}>
              <p className="sf-offer__value">{couponValue(intl, coupon, currency)}</p>
              <h2 className="sf-offer__title">
                <a href={coupon.href}>{coupon.title}</a>
              </h2>
              <p className="sf-offer__code">{intl.formatMessage({ id: "coupon.code" }, { code: coupon.code })}</p>
              <p className="sf-offer__meta">{couponMinimum(intl, coupon, currency)}</p>
              <p className="sf-offer__meta">
                <CouponValidity coupon={coupon} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
