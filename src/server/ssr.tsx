// Server rendering of one island: checks its props against the component's schema
// (filling defaults), renders it with react-dom/server, and wraps it in the island
// element the browser's renderer will hydrate.
import { renderToString } from "react-dom/server";
import type { HydrateStrategy, Registry } from "../registry/types";
import { type IslandContext, IslandProviders } from "../runtime/i18n/IslandProviders";
import { describeValidationError } from "../shared/describe-error";
import { islandIds } from "../shared/island-id";
import { islandTree } from "../shared/island-tree";
import { escapeHtml } from "./html";

export class IslandPropsError extends Error {
  constructor(
    readonly component: string,
    readonly pointer: string,
    detail: string,
  ) {
    super(`${component}: props ${pointer || "/"} ${detail}`);
    this.name = "IslandPropsError";
  }
}

/**
 * React 19 writes a preload link for each image it renders without loading="lazy", ahead of the
 * markup, for a streamed document's head. renderToString has no head: in an island they land in
 * the body just before the image they name, where they only repeat it, and a client navigation
 * that swaps the body in starts each image's request twice. They are left out.
 */
const IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/;

export interface RenderIslandOptions {
  context: IslandContext;
  /** Unique per page: the island's ids start with it (useIslandId), so those of different islands never collide. */
  uid: string;
  /** Overrides the registry's default strategy. */
  hydrate?: HydrateStrategy;
  /** The media query of the `media` strategy. */
  media?: string;
  /** The template's persist name: the browser keeps this island across navigations (data-persist). */
  persist?: string;
  /** Render only the placeholder element; the browser renders the component. */
  clientOnly?: boolean;
}

export async function renderIsland(
  registry: Registry,
  name: string,
  props: unknown,
  options: RenderIslandOptions,
): Promise<string> {
  const entry = registry[name];
  if (!entry || !Object.hasOwn(registry, name)) {
    throw new Error(`unknown component "${name}"; register it in src/registry/index.ts`);
  }
  const checked = structuredClone(props ?? {});
  const validate = (await entry.validator()).default;
  if (!validate(checked)) {
    const { pointer, message } = describeValidationError(validate.errors?.[0]);
    throw new IslandPropsError(name, pointer, message);
  }
  const attrs = [
    `data-component="${escapeHtml(name)}"`,
    `data-props="${escapeHtml(JSON.stringify(checked))}"`,
    options.hydrate ? `data-hydrate="${options.hydrate}"` : "",
    options.media ? `data-media="${escapeHtml(options.media)}"` : "",
    options.persist ? `data-persist="${escapeHtml(options.persist)}"` : "",
  ];
  if (options.clientOnly) return `<div ${attrs.filter(Boolean).join(" ")}></div>`;
  const Island = (await entry.load()).default;
  // biome-ignore lint/correctness/noComponentHookFactories: one renderToString per island, outside any React render, so the component is never re-created between renders; it binds this page's context into the renderer's children-only Providers slot, as the browser's does.
  const Providers = ({ children }: { children?: React.ReactNode }) => (
    <IslandProviders context={options.context}>{children}</IslandProviders>
  );
  const html = renderToString(islandTree(Island, checked as object, { Providers, ids: islandIds(options.uid) })).replace(
    IMAGE_PRELOADS,
    "",
  );
  attrs.push("data-ssr", `data-uid="${escapeHtml(options.uid)}"`);
  return `<div ${attrs.filter(Boolean).join(" ")}>${html}</div>`;
}
