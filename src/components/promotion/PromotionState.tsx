// A promotion's state as a badge: on now, coming soon, ended.
import type { PromotionState as State } from "../../../generated/types";
import { useText } from "../common/use-text";

export default function PromotionState({ state }: { state: State }) {
  const t = useText("promotion.state");
  return <span className={`sf-badge sf-badge--promotion-${state}`}>{t(state)}</span>;
}
