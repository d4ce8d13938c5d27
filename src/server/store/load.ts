// Loads a store directory (catalog, checkout options, templates, theme, config) and checks
// every file against its schema and every cross-reference, failing with the file, the line
// and the rule that broke.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type {
  PageTemplate,
  StoreArticle,
  StoreCategory,
  StoreCheckout,
  StoreCollection,
  StoreConfig,
  StoreCoupon,
  StorePage,
  StoreProduct,
  StorePromotion,
  StoreReview,
  StoreTag,
  StoreVariant,
  ThemeConfig,
} from "../../../generated/types";
import { PAGE_KINDS } from "../pages/page-kinds";
import { SCHEMA_ID_BASE, type SchemaSet } from "../schemas";
import { checkTemplatePaths } from "./bind-paths.mjs";
import { parseErrorLine, pointerLines } from "./json-lines";

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

export interface Store {
  dir: string;
  config: StoreConfig & { storeName: string; currency: string };
  theme: ThemeConfig;
  checkout: StoreCheckout;
  products: StoreProduct[];
  categories: StoreCategory[];
  tags: StoreTag[];
  collections: StoreCollection[];
  articles: StoreArticle[];
  pages: StorePage[];
  promotions: StorePromotion[];
  coupons: StoreCoupon[];
  reviews: StoreReview[];
  templates: Map<string, PageTemplate>;
  productBySlug: Map<string, StoreProduct>;
  variantBySku: Map<string, { product: StoreProduct; variant: StoreVariant }>;
}

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
    const message = (err as Error).message;
    throw new StoreFileError(name, parseErrorLine(text, message), `not valid JSON (${message})`);
  }
  const validate = schemas.get(schemaPath);
  if (!validate(value)) {
    const e = validate.errors![0]!;
    const pointer = e.instancePath;
    const detail =
      e.keyword === "additionalProperties"
        ? `unknown property "${String(e.params.additionalProperty)}"`
        : e.keyword === "enum"
          ? `${e.message} (${(e.params.allowedValues as unknown[]).join(", ")})`
          : e.message;
    throw new StoreFileError(
      name,
      pointerLines(text).get(pointer),
      `${pointer || "/"} ${detail} (rule ${e.schemaPath} of schemas/${schemaPath})`,
    );
  }
  return value as T;
}

/** `components`: the registry's names, which template sections must use. */
export function loadStore(dir: string, schemas: SchemaSet, components?: readonly string[]): Store {
  if (!existsSync(dir)) throw new StoreFileError(dir, undefined, "store directory does not exist (STORE_DIR)");
  const texts: Texts = new Map();
  const catalog = Object.fromEntries(
    CATALOG.map((name) => [
      name,
      readChecked<{ items: unknown[] }>(dir, `${name}.json`, schemas, `store/${name}.schema.json`, texts).items,
    ]),
  ) as { [K in (typeof CATALOG)[number]]: unknown[] };
  const templates = new Map<string, PageTemplate>();
  const templateDir = join(dir, "templates");
  if (!existsSync(templateDir)) throw new StoreFileError(templateDir, undefined, "templates folder is missing");
  for (const file of readdirSync(templateDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    templates.set(
      file.slice(0, -5),
      readChecked<PageTemplate>(dir, `templates/${file}`, schemas, "store/page-template.schema.json", texts),
    );
  }
  const store: Store = {
    dir,
    config: readChecked(dir, "config.json", schemas, "page/store-config.schema.json"),
    theme: readChecked(dir, "theme.json", schemas, "theme/theme-config.schema.json"),
    checkout: readChecked(dir, "checkout.json", schemas, "store/checkout.schema.json"),
    products: catalog.products as StoreProduct[],
    categories: catalog.categories as StoreCategory[],
    tags: catalog.tags as StoreTag[],
    collections: catalog.collections as StoreCollection[],
    articles: catalog.articles as StoreArticle[],
    pages: catalog.pages as StorePage[],
    promotions: catalog.promotions as StorePromotion[],
    coupons: catalog.coupons as StoreCoupon[],
    reviews: catalog.reviews as StoreReview[],
    templates,
    productBySlug: new Map(),
    variantBySku: new Map(),
  };
  delete store.theme.$schema;
  delete store.config.$schema;
  delete store.config.router.$schema;
  index(store, texts, components);
  checkDataPaths(store, texts, schemas);
  return store;
}

/**
 * Every data path of every template (bind, when, {placeholders}) must name data the template
 * is rendered with: $store, $route, $layout and the page data of its kind, as their schemas
 * describe them (schemas/pages/). A wrong path would otherwise only show as a missing section.
 */
function checkDataPaths(store: Store, texts: Texts, schemas: SchemaSet): void {
  const getSchema = (id: string): Record<string, unknown> | undefined => {
    const path = id.startsWith(SCHEMA_ID_BASE) ? id.slice(SCHEMA_ID_BASE.length) : null;
    return path !== null && schemas.has(path) ? (schemas.get(path).schema as Record<string, unknown>) : undefined;
  };
  for (const [name, template] of store.templates) {
    const [problem] = checkTemplatePaths(template, name, PAGE_KINDS, getSchema);
    if (!problem) continue;
    const read = texts.get(`templates/${name}.json`);
    const file = read?.name ?? `templates/${name}.json`;
    throw new StoreFileError(
      file,
      read ? pointerLines(read.text).get(problem.pointer) : undefined,
      `${problem.pointer} ${problem.message}`,
    );
  }
}

/** Builds the lookups and checks what the schemas cannot: uniqueness and references. */
function index(store: Store, texts: Texts, components?: readonly string[]): void {
  const refError = (file: string, pointer: string, rule: string) => {
    const read = texts.get(file);
    return new StoreFileError(read?.name ?? file, read ? pointerLines(read.text).get(pointer) : undefined, `${pointer} ${rule}`);
  };
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
  store.products.forEach((product, i) => {
    if (!categories.has(product.category)) {
      throw refError("products.json", `/items/${i}/category`, `"${product.category}" is not in categories.json`);
    }
    for (const tag of product.tags ?? []) {
      if (!tags.has(tag)) throw refError("products.json", `/items/${i}/tags`, `"${tag}" is not in tags.json`);
    }
    store.productBySlug.set(product.slug, product);
    for (const variant of product.variants) {
      if (store.variantBySku.has(variant.sku)) {
        throw refError("products.json", `/items/${i}`, `duplicate sku "${variant.sku}"`);
      }
      store.variantBySku.set(variant.sku, { product, variant });
    }
  });
  const checkProducts = (file: string, lists: { products: string[] }[]) => {
    for (const [i, entry] of lists.entries()) {
      for (const [j, slug] of entry.products.entries()) {
        if (!store.productBySlug.has(slug))
          throw refError(file, `/items/${i}/products/${j}`, `"${slug}" is not in products.json`);
      }
    }
  };
  checkProducts("collections.json", store.collections);
  checkProducts("promotions.json", store.promotions);
  store.reviews.forEach((review, i) => {
    if (!store.productBySlug.has(review.product))
      throw refError("reviews.json", `/items/${i}/product`, `"${review.product}" is not in products.json`);
  });
  for (const [name, template] of store.templates) {
    template.sections.forEach((section, i) => {
      if (components && !components.includes(section.component)) {
        throw refError(
          `templates/${name}.json`,
          `/sections/${i}/component`,
          `"${section.component}" is not a registered component`,
        );
      }
    });
  }
  for (const required of ["head", "foot", "error"]) {
    if (!store.templates.has(required)) throw new StoreFileError(`templates/${required}.json`, undefined, "template is missing");
  }
}
