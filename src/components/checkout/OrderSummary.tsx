// The lines being ordered and the totals of the quote.
import { useIntl } from "react-intl";
import type { CheckoutQuoteResponse } from "../../../generated/types";
import { formatPrice } from "../common/format-price";
import OrderItems from "./OrderItems";

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
      <OrderItems items={quote.items} currency={quote.currency} />
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
