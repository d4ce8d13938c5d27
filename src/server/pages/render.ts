// Renders a page: its template's sections become server-rendered islands (data bindings
// resolved against the page data), and the template's meta lines become the page meta.
import type { PageMeta } from "../../../generated/types";
import type { Registry } from "../../registry/types";
import type { IslandContext } from "../../runtime/i18n/IslandProviders";
import { isPrivateRoute } from "../seo/page-urls";
import { renderIsland } from "../ssr";
import type { PageTemplate } from "../store/load";
import { ADDRESS_SLOT_COMPONENTS, type AddressSlot } from "./address-slot";
import { ADDRESS_FREE_COMPONENTS, type IslandCache } from "./island-cache";

export type PageScope = Record<string, unknown>;

/** The value at a dot path ("page.detail.product"), or undefined. */
export function valueAt(scope: PageScope, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function present(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === "") return false;
  return !Array.isArray(value) || value.length > 0;
}

export interface RenderLogger {
  error(message: string): void;
}

/** Islands rendered once for every page of a language (island-cache.ts); `language` names the messages the context holds. */
export interface SharedIslands {
  cache: IslandCache;
  language: string;
  /** Where this page's address goes in the islands that only write it out (address-slot.ts); null renders them in full. */
  slot: AddressSlot | null;
}

export async function renderRegion(
  registry: Registry,
  template: PageTemplate | undefined,
  scope: PageScope,
  context: IslandContext,
  uidPrefix: string,
  log: RenderLogger,
  shared?: SharedIslands,
): Promise<string> {
  if (!template) return "";
  const parts = await Promise.all(
    template.sections.map(async (section, i) => {
      if (section.when !== undefined && !present(valueAt(scope, section.when))) return "";
      const props: Record<string, unknown> = { ...(section.props ?? {}) };
      for (const [prop, path] of Object.entries(section.bind ?? {})) {
        const value = path === undefined ? undefined : valueAt(scope, path);
        if (value !== undefined) props[prop] = value;
      }
      const options = {
        uid: `${uidPrefix}${i}-`,
        ...(section.hydrate ? { hydrate: section.hydrate } : {}),
        ...(section.media ? { media: section.media } : {}),
        ...(section.persist ? { persist: section.persist } : {}),
        ...(section.clientOnly ? { clientOnly: true } : {}),
      };
      const render = () => renderIsland(registry, section.component, props, { context, ...options });
      try {
        if (shared && ADDRESS_FREE_COMPONENTS.has(section.component)) {
          return await shared.cache.through(JSON.stringify([section.component, props, options, shared.language]), render);
        }
        const slot = shared?.slot;
        if (shared && slot && ADDRESS_SLOT_COMPONENTS.has(section.component)) {
          const placeholder = await shared.cache.through(
            JSON.stringify([section.component, props, options, shared.language, slot.path]),
            () => renderIsland(registry, section.component, props, { context: { ...context, path: slot.path }, ...options }),
          );
          return slot.fill(placeholder) ?? (await render());
        }
        return await render();
      } catch (err) {
        // One broken section must not take the page down; the log names it.
        log.error(`section ${i} (${section.component}) of the ${uidPrefix} region failed: ${(err as Error).message}`);
        return "";
      }
    }),
  );
  return flat(parts.join(""));
}

/**
 * The same text as one piece. React writes an island's markup with `+`, which V8 keeps as a
 * tree of the pieces (a rope) until something reads it by position, and `join` hands back a
 * lone part as it is: a kept page's body was a rope of about 3,500 pieces, each an object that
 * every full collection marks. Reading a character makes V8 copy the text into one string.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** "{page.title}" placeholders filled from the page data. */
export function fillText(text: string, scope: PageScope): string {
  return text.replace(/\{([A-Za-z0-9_.$]+)\}/g, (_, path: string) => {
    const value = valueAt(scope, path);
    return typeof value === "string" || typeof value === "number" ? String(value) : "";
  });
}

// Where a page's preview image comes from: its own image (a product, an article), else the
// first product or slide it shows, so that listings and home share a picture too.
const PREVIEW_IMAGES = ["page.image", "page.products.0.image", "page.featured.0.image", "page.slides.0.image"];

/**
 * The page's meta. `origin` makes the preview image absolute, as Open Graph requires; the
 * canonical and hreflang addresses are added by the page service, which knows the route.
 */
export function pageMeta(
  template: PageTemplate,
  scope: PageScope,
  status: number,
  route: string,
  storeName: string,
  origin = "",
): PageMeta {
  const title = template.title ? fillText(template.title, scope).trim() : "";
  const description = template.description ? fillText(template.description, scope).trim() : "";
  const image = PREVIEW_IMAGES.map((path) => valueAt(scope, path)).find((value) => typeof value === "string");
  const meta: PageMeta = {
    status,
    title: (title && title !== storeName ? `${title} | ${storeName}` : storeName).slice(0, 300),
    route,
    ogType: template.ogType ?? "website",
  };
  if (description) meta.description = description.slice(0, 1000);
  // A shopper's own pages stay out of search results even under a template that forgot to say so.
  const robots = isPrivateRoute(route) && !/\bnoindex\b/.test(template.robots ?? "") ? "noindex, nofollow" : template.robots;
  if (robots) meta.robots = robots;
  if (typeof image === "string" && /^(\/[^/]|https:\/\/)/.test(image))
    meta.ogImage = image.startsWith("/") ? origin + image : image;
  if (template.noLoad) meta.noLoad = true;
  if (template.keepPosition) meta.keepPosition = true;
  return meta;
}
