// The home page's slides: one per collection, so their links follow the router rules
// and carry the language prefix like every other link the server writes.
import type { Slide } from "../../../../generated/types";
import type { Store } from "../../store/load";
import type { Links } from "../links";

const MAX_SLIDES = 5;

export function homeSlides(store: Store, links: Links, t: (id: string) => string): Slide[] {
  const slides: Slide[] = [];
  for (const collection of store.collections) {
    const image = collection.products.map((slug) => store.productBySlug.get(slug)?.images[0]).find((i) => i !== undefined);
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
