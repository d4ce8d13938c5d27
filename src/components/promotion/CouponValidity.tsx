// Until when a coupon is valid, from when when it has not started, or that it has expired.
import { useIntl } from "react-intl";
import type { CouponSummary } from "../../../generated/types";
import Day from "./Day";

export default function CouponValidity({ coupon }: { coupon: Pick<CouponSummary, "state" | "startsAt" | "expiresAt"> }) {
  const intl = useIntl();
  const end = <Day key="end" value={coupon.expiresAt} />;
  if (coupon.state === "expired") {
    return <>{intl.formatMessage({ id: "coupon.expiredOn" }, { date: end })}</>;
  }
  if (coupon.startsAt) {
    return <>{intl.formatMessage({ id: "coupon.validFrom" }, { start: <Day key="start" value={coupon.startsAt} />, end })}</>;
  }
  return <>{intl.formatMessage({ id: "coupon.validUntil" }, { date: end })}</>;
}
