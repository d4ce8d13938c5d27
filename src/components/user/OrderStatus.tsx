// An order's status and payment status as words in the shopper's language.
import { useIntl } from "react-intl";
import type { Order } from "../../../generated/types";

export default function OrderStatus({ order }: { order: Pick<Order, "status" | "payStatus"> }) {
  const intl = useIntl();
  return (
    <span className="sf-order-status">
      <span className={`sf-badge sf-badge--${order.status}`}>{intl.formatMessage({ id: `order.status.${order.status}` })}</span>
      <span className={`sf-badge sf-badge--${order.payStatus}`}>
        {intl.formatMessage({ id: `order.pay.${order.payStatus}` })}
      </span>
    </span>
  );
}
