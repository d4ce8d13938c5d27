// Pages of the links template: the list of tags.
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
        count: store.catalog.tagCounts().get(tag.slug) ?? 0,
      })),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
