// `npm run store:generate -- --products 50000 [--categories 500] [--out DIR]`: a synthetic store
// for benchmarks, built on the demo store (its files, templates and images, its 48 products
// first, so promotions, coupons and collections keep their references) with generated
// products, each in the three languages, with variants, spread over the categories, and
// reviews for one product in five. Deterministic: the same arguments write the same files.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DEMO = join(ROOT, "fixtures/demo-store");

/** @typedef {[en: string, zh: string, zhHK: string]} Words A word in English, Chinese and Hong Kong Chinese. */

/** @type {Words[]} */
const ADJECTIVES = [
  ["Classic", "经典", "經典"],
  ["Everyday", "日常", "日常"],
  ["Heavy", "厚实", "厚身"],
  ["Light", "轻盈", "輕身"],
  ["Organic", "有机", "有機"],
  ["Recycled", "再生", "再生"],
  ["Travel", "旅行", "旅行"],
  ["Studio", "工作室", "工作室"],
];
/** @type {Words[]} */
const NOUNS = [
  ["Shirt", "衬衫", "恤衫"],
  ["Sweater", "毛衣", "毛衣"],
  ["Tote", "托特包", "手挽袋"],
  ["Mug", "马克杯", "杯"],
  ["Lamp", "台灯", "枱燈"],
  ["Notebook", "笔记本", "筆記簿"],
  ["Sneaker", "运动鞋", "波鞋"],
  ["Blanket", "毯子", "毛氈"],
];
/** @type {Words[]} */
const COLOURS = [
  ["Sand", "沙色", "沙色"],
  ["Navy", "藏青", "藏青"],
  ["Olive", "橄榄绿", "橄欖綠"],
];
const SIZES = ["S", "M", "L"];

/** @param {Words} words */
const text = ([en, zh, hk]) => ({ en, zh, "zh-HK": hk });
/** @param {Words} a @param {Words} b @param {string} [sepZh] */
const join3 = (a, b, sepZh = "") => ({ en: `${a[0]} ${b[0]}`, zh: `${a[1]}${sepZh}${b[1]}`, "zh-HK": `${a[2]}${sepZh}${b[2]}` });

/**
 * A small deterministic generator (mulberry32), so a store is the same run after run.
 * @param {number} seed
 */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The item `i` of a list, counting round: `list` is never empty.
 * @template T
 * @param {readonly T[]} list
 * @param {number} i
 */
const cycle = (list, i) => /** @type {T} */ (list[i % list.length]);

/**
 * A demo store file, parsed (the validator checks it against its schema).
 * @param {string} file
 * @returns {any}
 */
const read = (file) => JSON.parse(readFileSync(join(DEMO, file), "utf8"));
/** @param {string} out @param {string} file @param {unknown[]} items @param {string} schema */
const write = (out, file, items, schema) => writeFileSync(join(out, file), `${JSON.stringify({ $schema: schema, items })}\n`);

/**
 * @typedef {object} GenerateOptions
 * @property {number} products Products in all, the demo store's 48 first (at least 48).
 * @property {number} categories Categories in all, the demo store's first.
 * @property {string} out The folder written (emptied first).
 */

/**
 * @param {GenerateOptions} options
 * @returns {{ products: number, categories: number, reviews: number }} how many of each it wrote
 */
export function generateStore({ products: total, categories: categoryCount, out }) {
  const rand = random(total * 31 + categoryCount);
  /** @template T @param {readonly T[]} list */
  const pick = (list) => cycle(list, Math.floor(rand() * list.length));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // Everything but the catalog comes from the demo store, unchanged.
  cpSync(DEMO, out, { recursive: true, filter: (src) => !src.endsWith("README.md") });
  /** @param {string} file */
  const schemaOf = (file) => read(file).$schema.replace("../../", `${resolve(ROOT)}/`);

  const demoCategories = read("categories.json").items;
  const categories = [...demoCategories];
  for (let i = categories.length; i < categoryCount; i++) {
    const noun = cycle(NOUNS, i);
    const adjective = cycle(ADJECTIVES, Math.floor(i / NOUNS.length));
    const name = join3(adjective, noun);
    categories.push({
      slug: `category-${i}`,
      name: { en: `${name.en} ${i}`, zh: `${name.zh} ${i}`, "zh-HK": `${name["zh-HK"]} ${i}` },
      description: { en: `Generated category ${i}.`, zh: `生成的分类 ${i}。`, "zh-HK": `生成的分類 ${i}。` },
      image: cycle(demoCategories, i).image,
    });
  }

  const demoProducts = read("products.json").items;
  /** @type {string[]} */
  const tags = read("tags.json").items.map((/** @type {{ slug: string }} */ t) => t.slug);
  /** @type {string[]} */
  const images = demoProducts.map((/** @type {{ images: string[] }} */ p) => p.images[0]);
  const products = [...demoProducts];
  let id = Math.max(...demoProducts.map((/** @type {{ id: number }} */ p) => p.id));
  for (let n = products.length; n < total; n++) {
    const adjective = pick(ADJECTIVES);
    const noun = pick(NOUNS);
    const title = join3(adjective, noun);
    const slug = `item-${n}`;
    const price = Math.round((5 + rand() * 295) * 100) / 100;
    const code = `GEN${n.toString(36).toUpperCase()}`;
    const variants = [];
    for (const colour of [cycle(COLOURS, n), cycle(COLOURS, n + 1)]) {
      for (const size of SIZES) {
        variants.push({
          sku: `${code}-${colour[0].slice(0, 3).toUpperCase()}-${size}`,
          title: { en: `${colour[0]} / ${size}`, zh: `${colour[1]} / ${size}`, "zh-HK": `${colour[2]} / ${size}` },
          options: { color: text(colour), size: { en: size, zh: size, "zh-HK": size } },
          price,
          stock: Math.floor(rand() * 30),
        });
      }
    }
    const day = 1 + (n % 28);
    products.push({
      id: ++id,
      slug,
      title: { en: `${title.en} ${n}`, zh: `${title.zh} ${n}`, "zh-HK": `${title["zh-HK"]} ${n}` },
      summary: {
        en: `The ${title.en.toLowerCase()}, number ${n}.`,
        zh: `${title.zh}，第 ${n} 号。`,
        "zh-HK": `${title["zh-HK"]}，第 ${n} 號。`,
      },
      description: [{ en: "Made in small batches.", zh: "小批量制作。", "zh-HK": "小批量製作。" }],
      category: cycle(categories, n).slug,
      tags: [pick(tags)],
      images: [pick(images)],
      price,
      variants,
      createdAt: `2026-${String(1 + (n % 10)).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    });
  }

  const reviews = [...read("reviews.json").items];
  let reviewId = Math.max(...reviews.map((/** @type {{ id: number }} */ r) => r.id));
  for (let n = demoProducts.length; n < total; n += 5) {
    reviews.push({
      id: ++reviewId,
      product: `item-${n}`,
      author: `Shopper ${n}`,
      score: 1 + Math.floor(rand() * 5),
      title: "Good value",
      body: "Does what it should.",
      createdAt: "2026-10-01",
    });
  }

  write(out, "categories.json", categories, schemaOf("categories.json"));
  write(out, "products.json", products, schemaOf("products.json"));
  write(out, "reviews.json", reviews, schemaOf("reviews.json"));
  return { products: products.length, categories: categories.length, reviews: reviews.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "50000" },
      categories: { type: "string", default: "500" },
      out: { type: "string", default: join(ROOT, ".data/generated-store") },
    },
  });
  const products = Number(values.products);
  const categories = Number(values.categories);
  if (!Number.isInteger(products) || products < 48 || !Number.isInteger(categories) || categories < 8) {
    console.error("usage: npm run store:generate -- --products N (at least 48) [--categories N (at least 8)] [--out DIR]");
    process.exit(2);
  }
  const out = resolve(values.out);
  const counts = generateStore({ products, categories, out });
  console.log(
    `wrote ${out}: ${counts.products} products, ${counts.categories} categories, ${counts.reviews} reviews (STORE_DIR=${out} npm start)`,
  );
}
