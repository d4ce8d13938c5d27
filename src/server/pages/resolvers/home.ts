// The home page: slides (one per collection, so their links follow the router rules and
// carry the language prefix like every other link the server writes), best sellers, the
// first categories and the latest articles (the journal's newest three).
import type { Slide } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import type { Store } from "../../store/load";
import type { Links } from "../links";
import { articleTeaser, newestFirst } from "./articles";
import { cardsOf, type Resolver } from "./context";

const MAX_SLIDES = 5;
/**
 * The most categories home lists, the store's first ones: a store of 500 categories otherwise
 * gave home 500 links, more than the page's schema and LinkList allow (200), and the section
 * was left out of the page.
 */
export const HOME_CATEGORIES = 24;

export function homeSlides(store: Store, links: Links, t: (id: string) => string): Slide[] {
  const slides: Slide[] = [];
  for (const collection of store.collections) {
    let image: string | undefined;
    for (const slug of collection.products) {
      image = store.productBySlug.get(slug)?.images[0];
      if (image) break;
    }
    if (!image) continue;
    slides.push({
      title: collection.title,
      ...(collection.description ? { text: collection.description } : {}),
      image,
      href: links.collection(collection.slug),
      ctaLabel: t("slides.cta"),
    });
  }
  return slides.slice(0, MAX_SLIDES);
}

export const resolvers = {
  home: (ctx) => {
    const { store, links } = ctx;
    return {
      status: 200,
      template: "home",
      page: {
        title: store.config.storeName,
        slides: homeSlides(store, links, ctx.t),
        featured: cardsOf(ctx, (store.collections.find((c) => c.slug === "best-sellers")?.products ?? []).slice(0, 8)),
        categories: store.categories.slice(0, HOME_CATEGORIES).map((c) => ({ label: c.name, href: links.category(c.slug) })),
        articles: newestFirst(store.articles)
          .slice(0, 3)
          .map((a) => articleTeaser(ctx, a)),
        collectionHref: links.collection("new-arrivals"),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
