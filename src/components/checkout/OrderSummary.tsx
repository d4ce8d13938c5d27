// The lines being ordered and the totals of the quote.
import { useIntl } from "react-intl";
import type { CheckoutQuoteResponse } from "../../../generated/types";
import { formatPrice } from "./hooks";

interface Props {
  quote: CheckoutQuoteResponse;
  /** Until a shipping method is chosen the fee is not known yet. */
  shippingChosen: boolean;
}

export default function OrderSummary({ quote, shippingChosen }: Props) {
  const intl = useIntl();
  const price = (amount: number) => formatPrice(intl, amount, quote.currency);
  return (
    <section className="sf-summary" aria-labelledby="sf-summary-title">
      <h2 id="sf-summary-title" className="sf-checkout__subtitle">
        {intl.formatMessage({ id: "checkout.summary" })}
      </h2>
      <ul className="sf-summary__items">
        {quote.items.map((item) => (
          <li key={item.sku} className="sf-summary__item">
            {item.image && <img src={item.image} alt="" width={56} height={56} loading="lazy" />}
            <span className="sf-summary__name">
              {item.title}
              {item.variantTitle && <span className="sf-summary__variant"> · {item.variantTitle}</span>}
              <span className="sf-summary__qty"> × {intl.formatNumber(item.quantity)}</span>
            </span>
            <span>{price(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="sf-totals">
        <div>
          <dt>{intl.formatMessage({ id: "checkout.goods" })}</dt>
          <dd>{price(quote.goodsAmount)}</dd>
        </div>
        {quote.discountAmount > 0 && (
          <div>
            <dt>{intl.formatMessage({ id: "checkout.discount" })}</dt>
            <dd>−{price(quote.discountAmount)}</dd>
          </div>
        )}
        <div>
          <dt>{intl.formatMessage({ id: "checkout.shippingFee" })}</dt>
          <dd>{shippingChosen ? price(quote.shippingFee) : intl.formatMessage({ id: "checkout.shippingPending" })}</dd>
        </div>
        <div className="sf-totals__total">
          <dt>{intl.formatMessage({ id: "checkout.total" })}</dt>
          <dd>{price(shippingChosen ? quote.payAmount : quote.payAmount - quote.shippingFee)}</dd>
        </div>
      </dl>
    </section>
  );
}
