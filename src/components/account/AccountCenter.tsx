// The account overview: who is signed in, the account's figures, the newest orders and what
// to do next (verify the email address, complete the profile).
import { useIntl } from "react-intl";
import type { AccountCenterProps } from "../../../generated/types";
import { formatPrice } from "../common/format-price";
import { useText } from "../common/use-text";
import OrderStatus from "../user/OrderStatus";

export default function AccountCenter({ user, currency, recentOrders, ordersHref, profileHref, verifyHref }: AccountCenterProps) {
  const intl = useIntl();
  const t = useText("account.center");
  const name = user.fullName || user.nickname || user.email || user.mobile || "";
  const money = (amount: number | undefined) => formatPrice(intl, amount ?? 0, currency);
  const figures: [string, string][] = [
    ["credits", intl.formatNumber(user.credits ?? 0)],
    ["spending", money(user.spendingAmount)],
    ["payment", money(user.paymentAmount)],
    ["unpaid", intl.formatNumber(user.unpaidCount ?? 0)],
    ["orders", intl.formatNumber(user.orderCount ?? 0)],
    ["lastLogin", user.lastLogin ? intl.formatDate(user.lastLogin, { dateStyle: "medium", timeStyle: "short" }) : t("never")],
  ];
  return (
    <section className="sf-center" aria-labelledby="sf-center-title">
      <div className="sf-center__who">
        {user.avatar ? (
          <img className="sf-center__avatar" src={user.avatar} alt="" width={72} height={72} />
        ) : (
          <span className="sf-center__avatar sf-center__avatar--empty" aria-hidden="true">
            {(name[0] ?? "?").toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="sf-center-title" className="sf-center__title">
            {t("hello", { name })}
          </h1>
          {user.email && <p className="sf-center__contact">{user.email}</p>}
          {user.mobile && <p className="sf-center__contact">{user.mobile}</p>}
        </div>
      </div>
      {user.email && user.emailVerified === false && (
        <p className="sf-center__notice">
          {t("unverified")} <a href={verifyHref}>{t("verify")}</a>
        </p>
      )}
      {(!user.firstName || !user.lastName || !user.birthday) && (
        <p className="sf-center__notice">
          {t("incomplete")} <a href={profileHref}>{t("complete")}</a>
        </p>
      )}
      <h2 className="sf-visually-hidden">{t("figures")}</h2>
      <dl className="sf-center__figures">
        {figures.map(([id, value]) => (
          <div key={id} className="sf-center__figure">
            <dt>{t(`figure.${id}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="sf-center__subtitle">{t("recent")}</h2>
      {recentOrders.length === 0 ? (
        <p>{t("noOrders")}</p>
      ) : (
        <ul className="sf-center__orders">
          {recentOrders.map((order) => (
            <li key={order.orderNo} className="sf-center__order">
              <a href={order.href}>{intl.formatMessage({ id: "order.number" }, { orderNo: order.orderNo })}</a>
              <span>{intl.formatDate(order.createdAt, { dateStyle: "medium" })}</span>
              <OrderStatus order={order} />
              <span className="sf-center__amount">{formatPrice(intl, order.payAmount, order.currency)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a className="sf-button sf-button--secondary" href={ordersHref}>
          {t("allOrders")}
        </a>
      </p>
    </section>
  );
}
