// The JSON-LD (schema.org) a page carries for search engines' rich results: Product with
// its offers and rating, BreadcrumbList, Article, and Organization and WebSite (with the
// search box) on home. Built from the resolved page data, so it says what the page shows.
import type { ProductDetailPageData } from "../../../generated/types";
import { splitPrefix } from "../../shared/language-prefix";
import type { Prefix } from "../../shared/languages";
import type { Resolved } from "../pages/page-kinds";
import { absolute, localized } from "./page-urls";

export type JsonLd = Record<string, unknown>;

export interface StructuredDataInput {
  resolved: Resolved;
  storeName: string;
  origin: string;
  /** The page's language prefix as written in the URL. */
  prefix: Prefix | null;
  /** The page's absolute canonical address. */
  canonical: string;
}

const CONTEXT = "https://schema.org";
// Google shows at most 110 characters of an article's headline.
const HEADLINE_MAX = 110;

/** The JSON-LD items of a public page; none for kinds without a rich result. */
export function structuredData(input: StructuredDataInput): JsonLd[] {
  const { resolved, origin, prefix } = input;
  // Links to pages in page data carry the page's prefix; /en/… is written without one, as the canonical is.
  const url = (href: string) => absolute(origin, href.startsWith("/") ? localized(prefix, splitPrefix(href).path) : href);
  const asset = (href: string) => absolute(origin, href);
  const home = url("/");
  const crumbs = (...items: { name: string; item: string }[]): JsonLd => ({
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: [{ name: input.storeName, item: home }, ...items].map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      ...crumb,
    })),
  });
  switch (resolved.template) {
    case "home":
      return [
        { "@context": CONTEXT, "@type": "Organization", name: input.storeName, url: home },
        {
          "@context": CONTEXT,
          "@type": "WebSite",
          name: input.storeName,
          url: home,
          potentialAction: {
            "@type": "SearchAction",
            target: { "@type": "EntryPoint", urlTemplate: `${url("/search")}?q={search_term_string}` },
            "query-input": "required name=search_term_string",
          },
        },
      ];
    case "product-detail": {
      const { product } = resolved.page.detail;
      return [
        productItem(resolved.page, input.canonical, url, asset),
        crumbs(...(product.category ? [{ name: product.category.name, item: url(product.category.href) }] : []), {
          name: product.title,
          item: input.canonical,
        }),
      ];
    }
    case "listing":
      return [crumbs({ name: resolved.page.heading, item: input.canonical })];
    case "article": {
      const page = resolved.page;
      return [
        {
          "@context": CONTEXT,
          "@type": "Article",
          headline: page.title.length > HEADLINE_MAX ? `${page.title.slice(0, HEADLINE_MAX - 1)}…` : page.title,
          description: page.description,
          ...(page.image ? { image: [asset(page.image)] } : {}),
          author: [{ "@type": "Person", name: page.author }],
          ...(page.date ? { datePublished: page.date } : {}),
          mainEntityOfPage: input.canonical,
          url: input.canonical,
        },
        crumbs({ name: page.title, item: input.canonical }),
      ];
    }
    default:
      return [];
  }
}

function productItem(
  page: ProductDetailPageData,
  canonical: string,
  url: (href: string) => string,
  asset: (href: string) => string,
): JsonLd {
  const { product, currency, selectedSku } = page.detail;
  const description = product.summary ?? product.description?.[0];
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: product.title,
    image: product.images.map(asset),
    ...(description ? { description } : {}),
    sku: selectedSku ?? product.variants[0]!.sku,
    ...(product.category ? { category: product.category.name } : {}),
    url: canonical,
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      sku: variant.sku,
      name: variant.title,
      price: variant.price,
      priceCurrency: currency,
      availability: variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url: url(variant.href),
    })),
    // Google rejects a rating without reviews, so an unreviewed product has none.
    ...(product.score !== undefined && (product.reviewCount ?? 0) > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.score,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
