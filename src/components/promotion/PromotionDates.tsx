// A promotion's first and last days, each a <time>.
import { useIntl } from "react-intl";
import type { PromotionSummary } from "../../../generated/types";
import Day from "./Day";

export default function PromotionDates({ promotion }: { promotion: Pick<PromotionSummary, "startsAt" | "endsAt"> }) {
  const intl = useIntl();
  return (
    <>
      {intl.formatMessage(
        { id: "promotion.dates" },
        { start: <Day key="start" value={promotion.startsAt} />, end: <Day key="end" value={promotion.endsAt} /> },
      )}
    </>
  );
}
