// The head of a promotion's page: name, state, intro, dates, and what its state means now:
// until when it runs (the countdown follows as its own island), from when it starts, or that
// it has ended.

import { useIntl } from "react-intl";
import type { PromotionDetailProps } from "../../../generated/types";
import Day from "./Day";
import PromotionDates from "./PromotionDates";
import PromotionState from "./PromotionState";

export default function PromotionDetail({ promotion }: PromotionDetailProps) {
  const intl = useIntl();
  const status =
    promotion.state === "ended"
      ? intl.formatMessage({ id: "promotion.ended" })
      : intl.formatMessage(
          { id: promotion.state === "running" ? "promotion.endsOn" : "promotion.startsOn" },
          { date: <Day key="date" value={promotion.state === "running" ? promotion.endsAt : promotion.startsAt} /> },
        );
  return (
    <header className={`sf-promotion sf-promotion--${promotion.state}`}>
      <h1 className="sf-promotion__title">{promotion.title}</h1>
      <PromotionState state={promotion.state} />
      {promotion.description && <p className="sf-promotion__desc">{promotion.description}</p>}
      <p className="sf-promotion__dates">
        <PromotionDates promotion={promotion} />
      </p>
      <p className="sf-promotion__status">{status}</p>
    </header>
  );
}
