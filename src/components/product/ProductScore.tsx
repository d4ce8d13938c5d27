import { useIntl } from "react-intl";
import type { ProductScoreProps } from "../../../generated/types";

export default function ProductScore({ score, count }: ProductScoreProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "score.label" }, { score: Math.round(score * 10) / 10 });
  return (
    <span className="sf-score">
      <span className="sf-score__stars" role="img" aria-label={label} style={{ "--score": score } as React.CSSProperties} />
      {count !== undefined && <span className="sf-score__count">{intl.formatMessage({ id: "score.reviews" }, { count })}</span>}
    </span>
  );
}
