// The store's promotions: each with its state, its dates and how many products it covers;
// its name links to its page.
import type { PromotionListProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import { useText } from "../common/use-text";
import PromotionDates from "./PromotionDates";
import PromotionState from "./PromotionState";

export default function PromotionList({ title, promotions }: PromotionListProps) {
  const t = useText("promotion");
  const headingId = useIslandId();
  return (
    <section className="sf-offers" aria-labelledby={headingId}>
      <h1 id={headingId} className="sf-offers__title">
        {title}
      </h1>
      {promotions.length === 0 ? (
        <p className="sf-offers__empty">{t("empty")}</p>
      ) : (
        <ul className="sf-offers__list">
          {promotions.map((promotion) => (
            <li key={promotion.slug} className={`sf-offer sf-offer--${promotion.state}`}>
              <h2 className="sf-offer__title">
                <a href={promotion.href}>{promotion.title}</a>
              </h2>
              <PromotionState state={promotion.state} />
              {promotion.description && <p className="sf-offer__desc">{promotion.description}</p>}
              <p className="sf-offer__meta">
                <PromotionDates promotion={promotion} />
              </p>
              <p className="sf-offer__meta">{t("products", { count: promotion.productCount })}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
