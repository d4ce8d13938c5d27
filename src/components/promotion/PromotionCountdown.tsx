// The time left in a running promotion, ticking each second: days, then hours, minutes and
// seconds. The server writes the figure at the moment it rendered the page and the browser
// counts down from it (see useCountdown). At zero the promotion has ended, and it says so.
import { useIntl } from "react-intl";
import type { PromotionCountdownProps } from "../../../generated/types";
import { useCountdown } from "../common/use-countdown";

const DAY = 86_400;

export default function PromotionCountdown({ endsAt, renderedAt }: PromotionCountdownProps) {
  const intl = useIntl();
  const seconds = useCountdown(Date.parse(endsAt), renderedAt);
  if (seconds === 0) {
    return (
      <p className="sf-countdown sf-countdown--ended" role="status">
        {intl.formatMessage({ id: "promotion.ended" })}
      </p>
    );
  }
  const days = Math.floor(seconds / DAY);
  const parts = [Math.floor((seconds % DAY) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const time = parts.map((n) => intl.formatNumber(n, { minimumIntegerDigits: 2 })).join(":");
  return (
    <p className="sf-countdown">
      <span className="sf-countdown__label">{intl.formatMessage({ id: "promotion.countdown.label" })}</span>{" "}
      <time className="sf-countdown__time" role="timer" dateTime={`P${days}DT${parts[0]}H${parts[1]}M${parts[2]}S`}>
        {intl.formatMessage({ id: "promotion.countdown.left" }, { days, time })}
      </time>
    </p>
  );
}
