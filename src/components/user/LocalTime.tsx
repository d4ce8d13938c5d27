// A time in the shopper's own time zone. The server cannot know it, so the server and the
// hydrating render write UTC (and match), and the browser then shows local time.
import { useIntl } from "react-intl";
import { useHydrated } from "../../runtime/hooks/useHydrated";

export default function LocalTime({ value, time = false }: { value: string; time?: boolean }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  return (
    <time dateTime={value}>
      {intl.formatDate(value, {
        dateStyle: "medium",
        ...(time ? { timeStyle: "short" } : {}),
        ...(hydrated ? {} : { timeZone: "UTC" }),
      })}
    </time>
  );
}
