// The lines of an order or a quote: image, title, variant, quantity and line total.
import { useIntl } from "react-intl";
import { formatPrice } from "../common/format-price";

export interface OrderItem {
  sku: string;
  title: string;
  variantTitle?: string;
  image?: string;
  price: number;
  quantity: number;
}

export default function OrderItems({ items, currency }: { items: readonly OrderItem[]; currency: string }) {
  const intl = useIntl();
  return (
    <ul className="sf-summary__items">
      {items.map((item) => (
        <li key={item.sku} className="sf-summary__item">
          {item.image && <img src={item.image} alt="" width={56} height={56} loading="lazy" />}
          <span className="sf-summary__name">
            {item.title}
            {item.variantTitle && <span className="sf-summary__variant"> · {item.variantTitle}</span>}
            <span className="sf-summary__qty"> × {intl.formatNumber(item.quantity)}</span>
          </span>
          <span>{formatPrice(intl, item.price * item.quantity, currency)}</span>
        </li>
      ))}
    </ul>
  );
}
