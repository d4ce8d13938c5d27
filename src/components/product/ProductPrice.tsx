import { FormattedNumber, useIntl } from "react-intl";
import type { ProductPriceProps } from "../../../generated/types";

export default function ProductPrice({ price, linePrice, currency, size = "md" }: ProductPriceProps) {
  const intl = useIntl();
  const discounted = linePrice !== undefined && linePrice > price;
  return (
    <span className={`sf-price sf-price--${size}`}>
      <span className="sf-visually-hidden">{intl.formatMessage({ id: "price.sale" })}</span>
      <span className="sf-price__sale">
        <FormattedNumber value={price} style="currency" currency={currency} />
      </span>
      {discounted && (
        <>
          <span className="sf-visually-hidden">{intl.formatMessage({ id: "price.original" })}</span>
          <s className="sf-price__line">
            <FormattedNumber value={linePrice} style="currency" currency={currency} />
          </s>
        </>
      )}
    </span>
  );
}
