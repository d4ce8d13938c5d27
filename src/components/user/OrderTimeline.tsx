// What happened to an order, oldest first, each step with its time and detail.
import { useIntl } from "react-intl";
import type { OrderEvent } from "../../../generated/types";
import LocalTime from "./LocalTime";

const FAILURES = new Set(["declined", "authentication_failed"]);

export default function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  const intl = useIntl();
  return (
    <ol className="sf-timeline">
      {events.map((event, i) => (
        // Steps never move or disappear, so their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list.
        <li key={i} className="sf-timeline__step">
          <LocalTime value={event.at} time />
          <span className="sf-timeline__what">{intl.formatMessage({ id: `order.event.${event.kind}` })}</span>
          {event.note && (
            <span className="sf-timeline__note">
              {/* A failed payment's note is the provider's reason code, said in words. */}
              {event.kind === "payment_failed" && FAILURES.has(event.note)
                ? intl.formatMessage({ id: `order.failure.${event.note}` })
                : event.note}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
