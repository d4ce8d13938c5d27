// One line of the cart drawer: image, title, variant, quantity and line price.
import { FormattedNumber, useIntl } from "react-intl";
import type { CartItem } from "../../../generated/types";

export default function CartDrawerLine({ item, currency }: { item: CartItem; currency: string }) {
  const intl = useIntl();
  return (
    <li className="sf-drawer-line">
      <img className="sf-drawer-line__image" src={item.image} alt="" width={64} height={64} loading="lazy" decoding="async" />
      <div className="sf-drawer-line__text">
        <a className="sf-drawer-line__title" href={item.href}>
          {item.title}
        </a>
        {item.variantTitle && <p className="sf-drawer-line__variant">{item.variantTitle}</p>}
        <p className="sf-drawer-line__quantity">
          {intl.formatMessage({ id: "cart.drawer.quantity" }, { quantity: item.quantity })}
        </p>
      </div>
      <p className="sf-drawer-line__price">
        <FormattedNumber value={item.price * item.quantity} style="currency" currency={currency} />
      </p>
    </li>
  );
}
