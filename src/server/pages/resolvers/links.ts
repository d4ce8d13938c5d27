// Pages of the links template: the lists of tags, promotions and coupons.
import type { RouteName } from "../../../shared/route-names";
import type { Resolver } from "./context";

export const resolvers = {
  "tag-list": ({ store, links, t }) => ({
    status: 200,
    template: "links",
    page: {
      title: t("page.tags.title"),
      links: store.tags.map((tag) => ({
        label: tag.name,
        href: links.tag(tag.slug),
        count: store.products.filter((p) => p.tags?.includes(tag.slug)).length,
      })),
    },
  }),
  "promotion-list": ({ store, links, t }) => ({
    status: 200,
    template: "links",
    page: {
      title: t("page.promotions.title"),
      links: store.promotions.map((p) => ({ label: p.title, href: links.to(`/promotion/${p.slug}`) })),
    },
  }),
  "coupon-list": ({ store, links, t }) => ({
    status: 200,
    template: "links",
    page: {
      title: t("page.coupons.title"),
      links: store.coupons.map((c) => ({ label: `${c.title} (${c.code})`, href: links.to(`/coupon/${c.slug}`) })),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
