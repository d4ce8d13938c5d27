// Loads a store directory (catalog, checkout options, templates, theme, config) and checks
// every file against its schema and every cross-reference, failing with the file, the line
// and the rule that broke. The catalog files go into the catalog database
// (src/server/catalog/): read, checked and imported only when they differ from the last
// import; the products and the seed reviews then stay there and are read on demand.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type {
  StoreArticle as GeneratedArticle,
  StoreCoupon as GeneratedCoupon,
  StorePage as GeneratedPage,
  StoreProduct as GeneratedProduct,
  StorePromotion as GeneratedPromotion,
  PageTemplate as GeneratedTemplate,
  StoreVariant as GeneratedVariant,
  StoreCategory,
  StoreCheckout,
  StoreCollection,
  StoreConfig,
  StoreReview,
  StoreTag,
  ThemeConfig,
} from "../../../generated/types";
import { type Catalog, openCatalog } from "../catalog/catalog";
import { fingerprintOf } from "../catalog/fingerprint";
import type { CatalogInput } from "../catalog/import";
import type { Lookup } from "../catalog/lookups";
import { productLookups } from "../catalog/lookups";
import { PAGE_KINDS } from "../pages/page-kinds";
import { SCHEMA_ID_BASE, type SchemaSet } from "../schemas";
import { checkTemplatePaths } from "./bind-paths.mjs";
import { JsonSyntaxError, parseJson } from "./json-source.mjs";
import { findTexts, type Translations, templateTexts, untranslated } from "./texts.mjs";

export class StoreFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly rule: string,
  ) {
    super(`${file}${line === undefined ? "" : `:${line}`}: ${rule}`);
    this.name = "StoreFileError";
  }
}

/**
 * The store as its files hold it: every text a plain string (English) or its translations
 * (schemas/store/text.schema.json). Pages and calls read `storeFor(store, language)`
 * (localize.ts), the same store with each text resolved: `Store`. Products and seed reviews
 * are in `catalog` (SQLite): the lookups and the catalog's queries read them as needed.
 */
export interface LocalizedStore extends Groupings {
  dir: string;
  config: Omit<StoreConfig, "storeName" | "currency"> & { storeName: LocalizedText; currency: string };
  theme: ThemeConfig;
  checkout: StoreCheckout;
  templates: Map<string, GeneratedTemplate>;
  /** Every product in store order, read in full from the catalog: for tools and tests on small stores, never for a page. */
  readonly products: GeneratedProduct[];
  /** Every seed review (reviews.json), read in full: for tools and tests, never for a page. */
  readonly reviews: StoreReview[];
  productBySlug: Lookup<GeneratedProduct>;
  variantBySku: Lookup<{ product: GeneratedProduct; variant: GeneratedVariant }>;
  /** The imported catalog: listings, search, counts and the seed reviews, in SQLite. */
  catalog: Catalog;
  /** Texts without a zh or zh-HK translation (English is shown instead); `npm run validate` lists them too. */
  untranslated: UntranslatedText[];
}

export interface UntranslatedText {
  file: string;
  line: number | undefined;
  pointer: string;
  missing: ("zh" | "zh-HK")[];
}

/** A text as store files may write it. */
export type LocalizedText = string | Translations;

/** `T` with each localized text a plain string: what a language's reader sees. */
export type Plain<T> = T extends string
  ? T
  : T extends Translations
    ? string
    : T extends Map<infer K, infer V>
      ? Map<K, Plain<V>>
      : T extends readonly (infer U)[]
        ? Plain<U>[]
        : T extends object
          ? { [K in keyof T]: Plain<T[K]> }
          : T;

export type StoreProduct = Plain<GeneratedProduct>;
export type StoreVariant = Plain<GeneratedVariant>;

/** What the catalog holds rather than the store object: read on demand, localized when read. */
type FromCatalog = "products" | "reviews" | "productBySlug" | "variantBySku" | "catalog" | "untranslated";

/** The store in one language: every text a plain string (see localize.ts). Resolvers and calls read this. */
export type Store = Plain<Omit<LocalizedStore, FromCatalog>> & {
  /** Every product in store order, read in full: for tools and tests on small stores, never for a page. */
  readonly products: StoreProduct[];
  readonly reviews: StoreReview[];
  productBySlug: Lookup<StoreProduct>;
  variantBySku: Lookup<{ product: StoreProduct; variant: StoreVariant }>;
  catalog: Catalog;
};
export type StorePage = Plain<GeneratedPage>;
export type StoreArticle = Plain<GeneratedArticle>;
export type StoreCoupon = Plain<GeneratedCoupon>;
export type StorePromotion = Plain<GeneratedPromotion>;
export type PageTemplate = Plain<GeneratedTemplate>;

/** The files besides templates whose texts may lack a translation, with their schemas. */
const SETTINGS_TEXT_FILES: [string, string][] = [
  ["config.json", "page/store-config.schema.json"],
  ["checkout.json", "store/checkout.schema.json"],
];
const CATALOG_TEXT_FILES = ["products", "categories", "tags", "collections", "articles", "pages", "promotions", "coupons"].map(
  (name): [string, string] => [`${name}.json`, `store/${name}.schema.json`],
);

const CATALOG = [
  "products",
  "categories",
  "tags",
  "collections",
  "articles",
  "pages",
  "promotions",
  "coupons",
  "reviews",
] as const;

/** The text of each file read, by its name under the store, for the lines of reference errors. */
type Texts = Map<string, { name: string; text: string }>;

function readChecked<T>(dir: string, file: string, schemas: SchemaSet, schemaPath: string, texts?: Texts): T {
  const path = join(dir, file);
  const name = relative(process.cwd(), path) || path;
  if (!existsSync(path)) throw new StoreFileError(name, undefined, "file is missing");
  const text = readFileSync(path, "utf8");
  texts?.set(file, { name, text });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // The strict parser only for the error: it names the line and says what to write instead.
    const explained = syntaxErrorOf(text) ?? { line: undefined, message: (err as Error).message };
    throw new StoreFileError(name, explained.line, `not valid JSON (${explained.message})`);
  }
  const validate = schemas.get(schemaPath);
  if (!validate(value)) {
    const e = firstError(validate.errors!);
    const pointer = e.instancePath;
    const detail =
      e.keyword === "additionalProperties"
        ? `unknown property "${String(e.params.additionalProperty)}"`
        : e.keyword === "enum"
          ? `${e.message} (${(e.params.allowedValues as unknown[]).join(", ")})`
          : e.message;
    throw new StoreFileError(
      name,
      valueLines(text).get(pointer),
      `${pointer || "/"} ${detail} (rule ${e.schemaPath} of schemas/${schemaPath})`,
    );
  }
  return value as T;
}

/**
 * The error to name: a text (a string or its translations, an anyOf) that breaks a rule of
 * one branch also fails the other branch's type; the type error says less than the other.
 */
function firstError<E extends { keyword: string; instancePath: string }>(errors: E[]): E {
  return errors.find((e) => e.keyword !== "type" && e.keyword !== "anyOf") ?? errors[0]!;
}

/** The texts of these files without a zh or zh-HK translation, with the file, line and pointer of each. */
function untranslatedTexts(
  files: [string, string][],
  templates: Iterable<string>,
  texts: Texts,
  schemas: SchemaSet,
): UntranslatedText[] {
  // The documents as written: compiling every component's validator only to walk it would take seconds.
  const getSchema = (id: string) =>
    id.startsWith(SCHEMA_ID_BASE) ? schemas.document(id.slice(SCHEMA_ID_BASE.length)) : undefined;
  const out: UntranslatedText[] = [];
  const add = (file: string, found: { pointer: string; missing: ("zh" | "zh-HK")[] }[]) => {
    const read = texts.get(file);
    const lines = found.length && read ? valueLines(read.text) : undefined;
    for (const f of found) out.push({ file: read?.name ?? file, line: lines?.get(f.pointer), ...f });
  };
  for (const [file, schema] of files) {
    const value = JSON.parse(texts.get(file)?.text ?? "null") as unknown;
    if (value !== null) add(file, untranslated(findTexts(value, getSchema(SCHEMA_ID_BASE + schema)!, getSchema)));
  }
  const templateSchema = getSchema(`${SCHEMA_ID_BASE}store/page-template.schema.json`)!;
  for (const name of templates) {
    const file = `templates/${name}.json`;
    const value = JSON.parse(texts.get(file)?.text ?? "null") as unknown;
    const componentSchema = (component: string) => getSchema(`${SCHEMA_ID_BASE}components/${component}.schema.json`);
    add(file, untranslated(templateTexts(value, templateSchema, getSchema, componentSchema)));
  }
  return out;
}

/** Where the server keeps the imported catalog: beside the shop's database. */
export const catalogFileOf = (dataDir: string): string => join(dataDir, "catalog.sqlite");

export interface LoadOptions {
  /**
   * The catalog database (DATA_DIR/catalog.sqlite for the server): imported when the catalog
   * files changed, else read as it is. Without it the catalog lives in memory, imported at every load.
   */
  catalogFile?: string;
}

/** The catalog files besides products and reviews: small, kept in memory. */
/** The catalog files held whole in memory (all but products and reviews, which stay in SQLite). */
interface Groupings {
  categories: StoreCategory[];
  tags: StoreTag[];
  collections: StoreCollection[];
  articles: GeneratedArticle[];
  pages: GeneratedPage[];
  promotions: GeneratedPromotion[];
  coupons: GeneratedCoupon[];
}

type CatalogFiles = CatalogInput & Groupings;

/** Reads and checks every catalog file, for an import: schemas, references, untranslated texts. */
function readCatalog(dir: string, schemas: SchemaSet, texts: Texts): CatalogFiles {
  const items = Object.fromEntries(
    CATALOG.map((name) => [
      name,
      readChecked<{ items: unknown[] }>(dir, `${name}.json`, schemas, `store/${name}.schema.json`, texts).items,
    ]),
  ) as unknown as Omit<CatalogFiles, "untranslated">;
  checkCatalog(items, texts);
  const files: CatalogFiles = { ...items, untranslated: untranslatedTexts(CATALOG_TEXT_FILES, [], texts, schemas) };
  // The files' text is only for error lines: let the import run without it.
  for (const name of CATALOG) texts.delete(`${name}.json`);
  return files;
}

/** The small catalog files of an import already checked: the same bytes passed every check then. */
function readGroupings(dir: string): Groupings {
  const items = (name: string) => (JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8")) as { items: unknown[] }).items;
  return {
    categories: items("categories") as StoreCategory[],
    tags: items("tags") as StoreTag[],
    collections: items("collections") as StoreCollection[],
    articles: items("articles") as GeneratedArticle[],
    pages: items("pages") as GeneratedPage[],
    promotions: items("promotions") as GeneratedPromotion[],
    coupons: items("coupons") as GeneratedCoupon[],
  };
}

function readTemplates(dir: string, schemas: SchemaSet, texts: Texts): Map<string, GeneratedTemplate> {
  const templates = new Map<string, GeneratedTemplate>();
  const templateDir = join(dir, "templates");
  if (!existsSync(templateDir)) throw new StoreFileError(templateDir, undefined, "templates folder is missing");
  for (const file of readdirSync(templateDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    templates.set(
      file.slice(0, -5),
      readChecked<GeneratedTemplate>(dir, `templates/${file}`, schemas, "store/page-template.schema.json", texts),
    );
  }
  return templates;
}

function readTheme(dir: string, schemas: SchemaSet): ThemeConfig {
  const theme: ThemeConfig = readChecked(dir, "theme.json", schemas, "theme/theme-config.schema.json");
  delete theme.$schema;
  return theme;
}

/**
 * The store's design (its theme and templates) read again and checked as at the start, for a
 * server that takes edits while it runs (store/design.ts); throws a StoreFileError as loadStore does.
 */
export function readDesign(
  dir: string,
  schemas: SchemaSet,
  components?: readonly string[],
): Pick<LocalizedStore, "theme" | "templates"> {
  const texts: Texts = new Map();
  const templates = readTemplates(dir, schemas, texts);
  const theme = readTheme(dir, schemas);
  checkTemplates(templates, texts, components);
  checkDataPaths({ templates }, texts, schemas);
  return { theme, templates };
}

/** `components`: the registry's names, which template sections must use. */
export function loadStore(
  dir: string,
  schemas: SchemaSet,
  components?: readonly string[],
  options: LoadOptions = {},
): LocalizedStore {
  if (!existsSync(dir)) throw new StoreFileError(dir, undefined, "store directory does not exist (STORE_DIR)");
  const texts: Texts = new Map();
  const templates = readTemplates(dir, schemas, texts);
  const config: LocalizedStore["config"] = readChecked(dir, "config.json", schemas, "page/store-config.schema.json", texts);
  const theme = readTheme(dir, schemas);
  const checkout: StoreCheckout = readChecked(dir, "checkout.json", schemas, "store/checkout.schema.json", texts);
  delete config.$schema;
  delete config.router.$schema;
  checkTemplates(templates, texts, components);

  const fingerprint = fingerprintOf(
    dir,
    CATALOG.map((name) => `${name}.json`),
    CATALOG.map((name) => schemas.document(`store/${name}.schema.json`)),
  );
  let read: CatalogFiles | undefined;
  const catalog = openCatalog(options.catalogFile ?? ":memory:", fingerprint, () => {
    read = readCatalog(dir, schemas, texts);
    return read;
  });
  const groupings: Groupings = read ?? readGroupings(dir);
  const raw = productLookups(catalog, (p) => p, 64);
  const store: LocalizedStore = {
    dir,
    config,
    theme,
    checkout,
    ...groupings,
    templates,
    get products() {
      return [...catalog.slugs()].map((slug) => catalog.product(slug)!);
    },
    get reviews() {
      return catalog.allSeedReviews();
    },
    ...raw,
    catalog,
    untranslated: [],
  };
  checkDataPaths(store, texts, schemas);
  store.untranslated = [
    ...untranslatedTexts(SETTINGS_TEXT_FILES, [], texts, schemas),
    ...catalog.untranslated(),
    ...untranslatedTexts([], store.templates.keys(), texts, schemas),
  ];
  return store;
}

/**
 * Every data path of every template (bind, when, {placeholders}) must name data the template
 * is rendered with: $store, $route, $layout and the page data of its kind, as their schemas
 * describe them (schemas/pages/). A wrong path would otherwise only show as a missing section.
 */
function checkDataPaths(store: Pick<LocalizedStore, "templates">, texts: Texts, schemas: SchemaSet): void {
  // The documents as written: compiling every page kind's validator only to walk it took a second of each start.
  const getSchema = (id: string): Record<string, unknown> | undefined =>
    id.startsWith(SCHEMA_ID_BASE) ? schemas.document(id.slice(SCHEMA_ID_BASE.length)) : undefined;
  for (const [name, template] of store.templates) {
    const [problem] = checkTemplatePaths(template, name, PAGE_KINDS, getSchema);
    if (!problem) continue;
    const read = texts.get(`templates/${name}.json`);
    const file = read?.name ?? `templates/${name}.json`;
    throw new StoreFileError(
      file,
      read ? valueLines(read.text).get(problem.pointer) : undefined,
      `${problem.pointer} ${problem.message}`,
    );
  }
}

/** Checks what the schemas cannot in the catalog files: uniqueness and references. */
function checkCatalog(store: Omit<CatalogFiles, "untranslated">, texts: Texts): void {
  const refError = (file: string, pointer: string, rule: string) => referenceError(texts, file, pointer, rule);
  const unique = (file: string, keys: string[], what: string) => {
    const seen = new Set<string>();
    keys.forEach((key, i) => {
      if (seen.has(key)) throw refError(file, `/items/${i}`, `duplicate ${what} "${key}"`);
      seen.add(key);
    });
  };
  const categories = new Set(store.categories.map((c) => c.slug));
  const tags = new Set(store.tags.map((t) => t.slug));
  unique(
    "products.json",
    store.products.map((p) => p.slug),
    "slug",
  );
  unique(
    "products.json",
    store.products.map((p) => String(p.id)),
    "id",
  );
  unique("categories.json", [...store.categories.map((c) => c.slug)], "slug");
  unique(
    "coupons.json",
    store.coupons.map((c) => c.code),
    "code",
  );
  const slugs = new Set<string>();
  const skus = new Set<string>();
  store.products.forEach((product, i) => {
    if (!categories.has(product.category)) {
      throw refError("products.json", `/items/${i}/category`, `"${product.category}" is not in categories.json`);
    }
    for (const tag of product.tags ?? []) {
      if (!tags.has(tag)) throw refError("products.json", `/items/${i}/tags`, `"${tag}" is not in tags.json`);
    }
    slugs.add(product.slug);
    for (const variant of product.variants) {
      if (skus.has(variant.sku)) throw refError("products.json", `/items/${i}`, `duplicate sku "${variant.sku}"`);
      skus.add(variant.sku);
    }
  });
  const checkProducts = (file: string, lists: { products: string[] }[]) => {
    for (const [i, entry] of lists.entries()) {
      for (const [j, slug] of entry.products.entries()) {
        if (!slugs.has(slug)) throw refError(file, `/items/${i}/products/${j}`, `"${slug}" is not in products.json`);
      }
    }
  };
  checkProducts("collections.json", store.collections);
  store.articles.forEach((article, i) => {
    for (const tag of article.tags ?? []) {
      if (!tags.has(tag)) throw refError("articles.json", `/items/${i}/tags`, `"${tag}" is not in tags.json`);
    }
  });
  checkProducts("promotions.json", store.promotions);
  checkProducts(
    "coupons.json",
    store.coupons.map((c) => ({ products: c.products ?? [] })),
  );
  unique(
    "coupons.json",
    store.coupons.map((c) => c.slug),
    "slug",
  );
  unique(
    "promotions.json",
    store.promotions.map((p) => p.slug),
    "slug",
  );
  // A period that ends before it starts would never run.
  store.promotions.forEach((p, i) => {
    if (p.endsAt < p.startsAt) throw refError("promotions.json", `/items/${i}/endsAt`, `ends before it starts (${p.startsAt})`);
  });
  store.coupons.forEach((c, i) => {
    if (c.startsAt !== undefined && c.expiresAt < c.startsAt)
      throw refError("coupons.json", `/items/${i}/expiresAt`, `expires before it starts (${c.startsAt})`);
  });
  store.reviews.forEach((review, i) => {
    if (!slugs.has(review.product))
      throw refError("reviews.json", `/items/${i}/product`, `"${review.product}" is not in products.json`);
  });
}

function referenceError(texts: Texts, file: string, pointer: string, rule: string): StoreFileError {
  const read = texts.get(file);
  return new StoreFileError(read?.name ?? file, read ? valueLines(read.text).get(pointer) : undefined, `${pointer} ${rule}`);
}

/** The line of each pointer's value in a text that parses (read again only to report an error). */
function valueLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  for (const [pointer, at] of parseJson(text).positions) if (at.value) lines.set(pointer, at.value.line);
  return lines;
}

function syntaxErrorOf(text: string): { line: number; message: string } | undefined {
  try {
    parseJson(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { line: err.position.line, message: err.message };
    throw err;
  }
  return undefined;
}

/** Every template section names a registered component, and the shared templates exist. */
function checkTemplates(templates: Map<string, GeneratedTemplate>, texts: Texts, components?: readonly string[]): void {
  for (const [name, template] of templates) {
    template.sections.forEach((section, i) => {
      if (components && !components.includes(section.component)) {
        throw referenceError(
          texts,
          `templates/${name}.json`,
          `/sections/${i}/component`,
          `"${section.component}" is not a registered component`,
        );
      }
    });
  }
  for (const required of ["head", "foot", "error"]) {
    if (!templates.has(required)) throw new StoreFileError(`templates/${required}.json`, undefined, "template is missing");
  }
}
