// The list of promotions: those on now (ending soonest first), then those coming (starting
// soonest first), then those over (most recently ended first), each with its dates and state.
import type { PromotionState, PromotionSummary } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { utcDay } from "../../api/calls/shared";
import type { Store } from "../../store/load";
import type { ResolveContext, Resolver } from "./context";

type Promotion = Store["promotions"][number];

const DAY_MS = 86_400_000;

/** Where today (UTC) falls in the promotion's days. */
export function promotionState(promotion: Promotion, now: number): PromotionState {
  const today = utcDay(now);
  if (today < promotion.startsAt) return "upcoming";
  return today > promotion.endsAt ? "ended" : "running";
}

/** The moment a promotion ends: the end of its last day, UTC. */
export function promotionEnd(promotion: Promotion): number {
  return Date.parse(`${promotion.endsAt}T00:00:00Z`) + DAY_MS;
}

export function promotionSummary(ctx: ResolveContext, promotion: Promotion): PromotionSummary {
  return {
    slug: promotion.slug,
    href: ctx.links.to(`/promotion/${promotion.slug}`),
    title: promotion.title,
    ...(promotion.description ? { description: promotion.description } : {}),
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    state: promotionState(promotion, ctx.now),
    productCount: ctx.store.catalog.count({ slugs: promotion.products }),
  };
}

const RANK: Record<PromotionState, number> = { running: 0, upcoming: 1, ended: 2 };

/** Running by end, upcoming by start, ended by end, latest first. */
function compare(a: PromotionSummary, b: PromotionSummary): number {
  if (a.state !== b.state) return RANK[a.state] - RANK[b.state];
  if (a.state === "running") return a.endsAt.localeCompare(b.endsAt);
  if (a.state === "upcoming") return a.startsAt.localeCompare(b.startsAt);
  return b.endsAt.localeCompare(a.endsAt);
}

export const resolvers = {
  "promotion-list": (ctx) => ({
    status: 200,
    template: "promotion-list",
    page: {
      title: ctx.t("page.promotions.title"),
      description: ctx.t("page.promotions.description"),
      promotions: ctx.store.promotions.map((p) => promotionSummary(ctx, p)).sort(compare),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
