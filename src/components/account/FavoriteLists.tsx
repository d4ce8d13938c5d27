// The wish list (user/favorite): tabs for the three lists with their counts, one page of the
// chosen list as the server rendered it, and, once hydrated, remove (through the favorites
// service, so the header's count and the no-wish-list flag follow) and add a product to the
// cart (its first in-stock variant).
import { useState } from "react";
import { useIntl } from "react-intl";
import type { FavoriteItem, FavoriteListsProps, FavoriteType } from "../../../generated/types";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useFavorites } from "../../runtime/hooks/useFavorites";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import Pager from "../common/Pager";
import { useText } from "../common/use-text";
import { ListStatus } from "./ListStatus";

const TABS: readonly FavoriteType[] = ["product", "article", "page"];

export default function FavoriteLists({
  type,
  counts,
  items: initial,
  page,
  pageSize,
  tabs,
  pageHref,
  currency,
}: FavoriteListsProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const favorites = useFavorites();
  const cart = useCart();
  const [items, setItems] = useState<FavoriteItem[]>(initial);
  const [total, setTotal] = useState(counts[type]);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const t = useText("account.favorite");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (n: number) => pageHref.replace("{page}", String(n));

  async function act(item: FavoriteItem, work: () => Promise<unknown>, done: string) {
    setBusy(item.id);
    setError("");
    setStatus("");
    try {
      await work();
      setStatus(done);
    } catch (failure) {
      setError(failureMessage(intl, failure));
    } finally {
      setBusy(null);
    }
  }

  const remove = (item: FavoriteItem) =>
    act(
      item,
      async () => {
        await favorites.cancel(item.type, item.id);
        setItems((list) => list.filter((i) => i.id !== item.id));
        setTotal((n) => Math.max(0, n - 1));
      },
      t("removed", { title: item.title }),
    );

  return (
    <section className="sf-favorites" aria-labelledby="sf-favorites-title">
      <h1 id="sf-favorites-title" className="sf-account-lists__title">
        {intl.formatMessage({ id: "page.user.favorite.title" })}
      </h1>
      <nav className="sf-account-lists__tabs" aria-label={t("lists")}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <a className="sf-account-lists__tab" href={tabs[tab]} aria-current={tab === type ? "page" : undefined}>
                {t(`tab.${tab}`, { count: tab === type ? total : counts[tab] })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ListStatus status={status} error={error} />
      <h2 className="sf-visually-hidden">{t(`heading.${type}`)}</h2>
      {items.length === 0 ? (
        <p>{t(`empty.${type}`)}</p>
      ) : (
        <ul className="sf-favorites__list">
          {items.map((item) => (
            <li key={item.id} className="sf-favorites__item">
              {item.image ? (
                <img className="sf-favorites__image" src={item.image} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <span className="sf-favorites__image sf-favorites__image--none" aria-hidden="true" />
              )}
              <div className="sf-favorites__text">
                {item.url ? <a href={item.url}>{item.title}</a> : <span>{item.title}</span>}
                {item.price !== undefined && (
                  <span className="sf-favorites__price">{formatPrice(intl, item.price, currency)}</span>
                )}
                {item.createdAt && (
                  <span className="sf-favorites__date">
                    {t("saved", { date: intl.formatDate(item.createdAt, { dateStyle: "medium" }) })}
                  </span>
                )}
              </div>
              <div className="sf-favorites__actions">
                {item.type === "product" &&
                  (item.sku ? (
                    <button
                      type="button"
                      className="sf-button"
                      disabled={!hydrated || busy !== null}
                      onClick={() => void act(item, () => cart.addItem(item.sku!, 1), t("added", { title: item.title }))}
                    >
                      {t("addToCart")}
                      <span className="sf-visually-hidden"> {item.title}</span>
                    </button>
                  ) : (
                    <span className="sf-favorites__out">{t("outOfStock")}</span>
                  ))}
                <button
                  type="button"
                  className="sf-button sf-button--secondary"
                  disabled={!hydrated || busy !== null}
                  onClick={() => void remove(item)}
                >
                  {t("remove")}
                  <span className="sf-visually-hidden"> {item.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={href} labelId="account.favorite.pages" />
    </section>
  );
}
