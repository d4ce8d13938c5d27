// After placing an order: its number, and where to follow it.
import { useIntl } from "react-intl";
import type { ThankYouProps } from "../../../generated/types";

export default function ThankYou({ orderNo, orderHref, ordersHref, homeHref }: ThankYouProps) {
  const intl = useIntl();
  return (
    <section className="sf-status sf-thankyou">
      <h1 className="sf-status__title">{intl.formatMessage({ id: "page.thankyou.title" })}</h1>
      {orderNo ? (
        <p className="sf-status__text">
          {intl.formatMessage({ id: "checkout.thankyou.number" }, { orderNo: <strong key="no">{orderNo}</strong> })}
        </p>
      ) : (
        <p className="sf-status__text">{intl.formatMessage({ id: "page.thankyou.text" })}</p>
      )}
      <ul className="sf-status__links">
        {orderNo && orderHref && (
          <li>
            <a href={orderHref}>{intl.formatMessage({ id: "checkout.thankyou.order" })}</a>
          </li>
        )}
        <li>
          <a href={ordersHref}>{intl.formatMessage({ id: "checkout.thankyou.orders" })}</a>
        </li>
        <li>
          <a href={homeHref}>{intl.formatMessage({ id: "checkout.thankyou.continue" })}</a>
        </li>
      </ul>
    </section>
  );
}
