// What the theme editor opens with: the design files as they are on disk, the schemas its
// forms are made from (the theme's, the template's, every component's and what they refer
// to), and for each template the data paths it may bind and some addresses of its kind.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Checker } from "../../../../scripts/validate.mjs";
import { PREFIXES } from "../../../shared/languages";
import { routeDefs } from "../../../shared/routes";
import { resolveTheme } from "../../../shared/theme/resolve-theme";
import { PAGE_KINDS } from "../../pages/page-kinds";
import { SCHEMA_ID_BASE } from "../../schemas";
import { dataPathsOf } from "../../store/bind-paths.mjs";
import type { LocalizedStore } from "../../store/load";

/** A template the editor offers: a page kind, or a region every page shares (head, foot). */
export interface EditorTemplate {
  name: string;
  /** The data paths bind, when and placeholders may name in it. */
  paths: string[];
  /** Addresses (without a language prefix) that render with it. */
  addresses: string[];
}

export interface EditorState {
  /** Each design file by its name under the store (theme.json, templates/home.json): its value as written. */
  files: Record<string, unknown>;
  /** The schemas the forms read, by $id. */
  schemas: Record<string, unknown>;
  themeSchema: string;
  templateSchema: string;
  /** Registered components whose props a section may set, with the $id of each one's schema. */
  components: Record<string, string>;
  templates: EditorTemplate[];
  prefixes: readonly string[];
  /** Preview widths: a phone's, a tablet's and a desktop's, and each theme breakpoint. */
  widths: number[];
}

/** The schema folders the forms need: the theme's, the templates', the components' and the shared definitions. */
const FORM_SCHEMAS = /^(theme|components|common)\/|^store\/(page-template|text)\.schema\.json$/;
/** How many addresses of each route the editor offers. */
const ADDRESSES_PER_ROUTE = 3;
const BASE_WIDTHS = [360, 768, 1280];

/** The design files' names under the store: theme.json and templates/*.json. */
export function designFileNames(dir: string): string[] {
  const templates = readdirSync(join(dir, "templates"))
    .filter((f) => f.endsWith(".json"))
    .sort();
  return ["theme.json", ...templates.map((f) => `templates/${f}`)];
}

/** The first `count` of `items`, read no further (a catalog may hold 50,000 products). */
function firstOf(items: Iterable<string>, count: number): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (out.length === count) break;
    out.push(item);
  }
  return out;
}

/** Slugs that fill a route's `:slug`, by route name. */
function slugsFor(store: LocalizedStore): Record<string, () => string[]> {
  return {
    "product-detail": () => firstOf(store.catalog.slugs(), ADDRESSES_PER_ROUTE),
    "inquiry-detail": () => firstOf(store.catalog.slugs(), 1),
    "category-detail": () => store.categories.map((c) => c.slug),
    "tag-detail": () => store.tags.map((t) => t.slug),
    "collection-detail": () => store.collections.map((c) => c.slug),
    "article-detail": () => store.articles.map((a) => a.slug),
    "page-detail": () => store.pages.map((p) => p.slug),
    "promotion-detail": () => store.promotions.map((p) => p.slug),
    "coupon-detail": () => store.coupons.map((c) => c.slug),
    checkout: () => ["cart"],
  };
}

/** Addresses of each page kind: its routes (the `x-routes` of its page-data schema) with their parameters filled from the store. */
function addressesByKind(store: LocalizedStore, schemaOf: (id: string) => Record<string, unknown> | undefined) {
  const patterns = new Map(routeDefs(store.config.router).map((r) => [r.name, r.pattern]));
  const slugs = slugsFor(store);
  const out = new Map<string, string[]>();
  for (const kind of PAGE_KINDS) {
    const routes = Object.keys((schemaOf(`${SCHEMA_ID_BASE}pages/${kind}.schema.json`)?.["x-routes"] as object) ?? {});
    const addresses = routes.flatMap((route) => {
      const pattern = patterns.get(route);
      if (!pattern || pattern.includes("*")) return [];
      if (!pattern.includes(":")) return [pattern];
      if (/:(?!slug\b)/.test(pattern.replace(/:slug\b/, ""))) return [];
      return (slugs[route]?.() ?? [])
        .slice(0, ADDRESSES_PER_ROUTE)
        .map((slug) => pattern.replace(":slug", encodeURIComponent(slug)));
    });
    out.set(kind, [...new Set(addresses)]);
  }
  return out;
}

export function editorState(store: LocalizedStore, checker: Checker, components: readonly string[]): EditorState {
  const files: Record<string, unknown> = {};
  for (const name of designFileNames(store.dir)) files[name] = JSON.parse(readFileSync(join(store.dir, name), "utf8"));
  const byId = new Map(checker.schemas.map((s) => [s.schema.$id, s.schema]));
  const schemaOf = (id: string) => byId.get(id);
  const schemas = Object.fromEntries(
    checker.schemas.filter((s) => FORM_SCHEMAS.test(s.file)).map((s) => [s.schema.$id, s.schema]),
  );
  const addresses = addressesByKind(store, schemaOf);
  const home = addresses.get("home") ?? ["/"];
  const templates = Object.keys(files)
    .filter((name) => name.startsWith("templates/"))
    .map((file) => {
      const name = file.slice("templates/".length, -".json".length);
      return {
        name,
        paths: dataPathsOf(name, PAGE_KINDS, schemaOf).sort(),
        // The shared regions show on every page: the home page shows them first.
        addresses: addresses.get(name) ?? (name === "head" || name === "foot" ? home : []),
      };
    });
  const screens = Object.values(resolveTheme(store.theme).container.screens as Record<string, number>);
  return {
    files,
    schemas,
    themeSchema: `${SCHEMA_ID_BASE}theme/theme-config.schema.json`,
    templateSchema: `${SCHEMA_ID_BASE}store/page-template.schema.json`,
    components: Object.fromEntries(
      [...components].sort().map((name) => [name, `${SCHEMA_ID_BASE}components/${name}.schema.json`]),
    ),
    templates,
    prefixes: PREFIXES,
    widths: [...new Set([...BASE_WIDTHS, ...screens])].sort((a, b) => a - b),
  };
}
