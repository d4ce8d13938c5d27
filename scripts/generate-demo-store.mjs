// Writes the demo store's catalog (fixtures/demo-store/*.json) and its small SVG images,
// deterministically, so the shipped demo data can be regenerated and reviewed as a diff.
// Run: node scripts/generate-demo-store.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { localizeItems } from "./demo-store-texts.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const store = join(root, "fixtures/demo-store");
const images = join(store, "images");
mkdirSync(images, { recursive: true });

// A small deterministic PRNG, so every run writes the same files.
let seed = 20261121;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
/**
 * One item of `list`, at random; `list` is never empty.
 * @template T
 * @param {readonly T[]} list
 */
const pick = (list) => /** @type {T} */ (list[Math.floor(rand() * list.length)]);
/** @param {number} n */
const round = (n) => Math.round(n * 100) / 100;

const CATEGORIES = [
  {
    slug: "shirts",
    name: "Shirts",
    color: "#4a00ff",
    shape: "shirt",
    items: ["Linen Shirt", "Oxford Shirt", "Flannel Shirt", "Denim Shirt", "Poplin Shirt", "Camp Collar Shirt"],
  },
  {
    slug: "knitwear",
    name: "Knitwear",
    color: "#8b5cf6",
    shape: "shirt",
    items: ["Merino Sweater", "Cable Knit Cardigan", "Cashmere Crewneck", "Wool Vest", "Ribbed Turtleneck", "Cotton Pullover"],
  },
  {
    slug: "shoes",
    name: "Shoes",
    color: "#0f766e",
    shape: "shoe",
    items: ["Canvas Sneaker", "Leather Loafer", "Trail Runner", "Suede Chelsea Boot", "Court Classic", "Espadrille"],
  },
  {
    slug: "bags",
    name: "Bags",
    color: "#b45309",
    shape: "bag",
    items: ["Canvas Tote", "Leather Backpack", "Weekender Duffel", "Crossbody Pouch", "Laptop Sleeve", "Market Basket"],
  },
  {
    slug: "home",
    name: "Home",
    color: "#be185d",
    shape: "lamp",
    items: ["Ceramic Table Lamp", "Linen Throw", "Wool Cushion", "Oak Side Table", "Stoneware Vase", "Cotton Rug"],
  },
  {
    slug: "kitchen",
    name: "Kitchen",
    color: "#c2410c",
    shape: "mug",
    items: ["Enamel Mug", "Cast Iron Skillet", "Pour-Over Set", "Chef Knife", "Olive Wood Board", "Glass Carafe"],
  },
  {
    slug: "outdoor",
    name: "Outdoor",
    color: "#15803d",
    shape: "tent",
    items: ["Ultralight Tent", "Down Sleeping Bag", "Camp Stove", "Trekking Poles", "Insulated Bottle", "Hammock"],
  },
  {
    slug: "stationery",
    name: "Stationery",
    color: "#1d4ed8",
    shape: "book",
    items: ["Dot Grid Notebook", "Brass Pen", "Desk Organizer", "Weekly Planner", "Watercolor Set", "Leather Journal"],
  },
];
const TAGS = ["organic", "bestseller", "new", "gift-idea", "sustainable", "handmade", "limited", "travel", "summer", "winter"];
/** @type {[name: string, hex: string][]} */
const COLORS = [
  ["Black", "#111827"],
  ["Navy", "#1e3a8a"],
  ["Sand", "#d6c6a5"],
  ["Olive", "#556b2f"],
  ["Rust", "#b7410e"],
  ["White", "#f9fafb"],
];
const SIZES = ["S", "M", "L", "XL"];

/** @type {Record<string, string>} */
const SHAPES = {
  shirt: '<path d="M70 40l30-15h40l30 15 30 30-25 20-15-10v95H80V80L65 90 40 70z"/>',
  shoe: '<path d="M35 150v-40l40-15 30 25 60 10c15 3 25 10 25 20z"/>',
  bag: '<path d="M60 80h120l-10 110H70z"/><path d="M95 80c0-40 50-40 50 0" fill="none" stroke-width="10"/>',
  lamp: '<path d="M80 50h80l25 70H55z"/><rect x="115" y="120" width="10" height="50"/><rect x="85" y="170" width="70" height="12"/>',
  mug: '<rect x="65" y="60" width="90" height="110" rx="10"/><path d="M155 85h20a20 20 0 010 50h-20" fill="none" stroke-width="12"/>',
  tent: '<path d="M120 40l80 140H40z"/>',
  book: '<rect x="70" y="40" width="100" height="140" rx="6"/>',
};

/** @param {string} title @param {string} color @param {string} shape @param {string} accent */
function svg(title, color, shape, accent) {
  const safe = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img" aria-label="${safe}">
<rect width="240" height="240" fill="${color}" opacity="0.12"/>
<g fill="${accent}" stroke="${accent}" stroke-linejoin="round">${SHAPES[shape]}</g>
<text x="120" y="222" font-family="system-ui, sans-serif" font-size="14" text-anchor="middle" fill="#1f2937">${safe}</text>
</svg>
`;
}

/** @param {string} s */
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
/** @typedef {import("../generated/types").StoreProduct & { tags: string[] }} DemoProduct Every demo product has tags. */
/** @type {DemoProduct[]} */
const products = [];
let id = 1;
for (const cat of CATEGORIES) {
  for (const title of cat.items) {
    const slug = slugify(title);
    const base = Math.round(15 + rand() * 180) - 0.01;
    const discounted = rand() < 0.45;
    const colours = [pick(COLORS), pick(COLORS)].filter((c, i, a) => a.findIndex((x) => x[0] === c[0]) === i);
    const sized = ["shirts", "knitwear", "shoes"].includes(cat.slug);
    const variants = [];
    for (const [colour, hex] of colours) {
      for (const size of sized ? SIZES.slice(0, 3) : [null]) {
        const sku = `${slug
          .split("-")
          .map((p) => p.slice(0, 3))
          .join("")
          .toUpperCase()}-${colour.slice(0, 3).toUpperCase()}${size ? `-${size}` : ""}`;
        variants.push({
          sku,
          title: size ? `${colour} / ${size}` : colour,
          options: size ? { color: colour, size } : { color: colour },
          price: round(base + (size === "XL" ? 5 : 0)),
          linePrice: discounted ? round(base * 1.3) : undefined,
          stock: rand() < 0.12 ? 0 : Math.floor(rand() * 40),
          image: `/media/${slug}-${slugify(colour)}.svg`,
        });
        writeFileSync(
          join(images, `${slug}-${slugify(colour)}.svg`),
          svg(title, cat.color, cat.shape, hex === "#f9fafb" ? "#9ca3af" : hex),
        );
      }
    }
    writeFileSync(join(images, `${slug}.svg`), svg(title, cat.color, cat.shape, cat.color));
    const tags = [...new Set([pick(TAGS), pick(TAGS)])];
    // Every product has a colour, so a variant.
    const first = /** @type {(typeof variants)[number]} */ (variants[0]);
    products.push({
      id: id++,
      slug,
      title,
      summary: `A ${cat.name.toLowerCase()} staple: the ${title.toLowerCase()}, made to last.`,
      description: [
        `Our ${title.toLowerCase()} is designed in small batches and tested for everyday use.`,
        `Materials are sourced from certified suppliers; care instructions are on the label.`,
      ],
      category: cat.slug,
      tags,
      images: [`/media/${slug}.svg`, ...colours.map(([c]) => `/media/${slug}-${slugify(c)}.svg`)],
      price: first.price,
      ...(discounted ? { linePrice: first.linePrice } : {}),
      variants: variants.map((v) => JSON.parse(JSON.stringify(v))),
      createdAt: `2026-${String(1 + Math.floor(rand() * 10)).padStart(2, "0")}-${String(1 + Math.floor(rand() * 27)).padStart(2, "0")}`,
    });
  }
}

const AUTHORS = ["Mia Chen", "Leo Park", "Ada Brooks", "Sam Ortiz"];
const REVIEW_TEXT = [
  ["Great quality", "Exactly as described, and it arrived quickly."],
  ["Love it", "I bought a second one as a gift."],
  ["Good value", "Solid for the price, the finish could be better."],
  ["Runs small", "Nice material but order one size up."],
  ["Perfect", "Well made and the colour is lovely in person."],
];
const reviews = [];
let reviewId = 1;
for (const product of products) {
  const count = Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) {
    const [title, body] = pick(REVIEW_TEXT);
    reviews.push({
      id: reviewId++,
      product: product.slug,
      author: pick(AUTHORS),
      score: 3 + Math.floor(rand() * 3),
      title,
      body,
      createdAt: `2026-10-0${1 + i}`,
    });
  }
}

// Four shapes, so the journal's masonry has cards of different heights; each size is
// written beside the image so that lists reserve its space before it loads.
const ARTICLE_SIZES = [
  [240, 240],
  [240, 320],
  [240, 180],
  [240, 280],
];
/** @param {string} title @param {number} width @param {number} height */
function articleSvg(title, width, height) {
  const safe = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const top = Math.round((height - 140) / 2) - 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${safe}">
<rect width="${width}" height="${height}" fill="#0ea5e9" opacity="0.12"/>
<rect x="70" y="${top}" width="100" height="140" rx="6" fill="#0ea5e9"/>
<text x="${width / 2}" y="${height - 14}" font-family="system-ui, sans-serif" font-size="14" text-anchor="middle" fill="#1f2937">${safe}</text>
</svg>
`;
}

/** @type {[slug: string, title: string, excerpt: string, tags: string[], publishedAt: string][]} */
const articleRows = [
  [
    "caring-for-linen",
    "Caring for linen",
    "How to wash, dry and store linen so it softens with every wear.",
    ["sustainable", "summer"],
    "2026-01-15",
  ],
  [
    "packing-light",
    "Packing light for a week away",
    "One bag, seven days: the list we use ourselves.",
    ["travel", "summer"],
    "2026-02-15",
  ],
  [
    "kitchen-essentials",
    "Ten kitchen essentials",
    "The tools our cooks reach for every day.",
    ["bestseller", "gift-idea"],
    "2026-03-15",
  ],
  [
    "camping-checklist",
    "A first camping checklist",
    "Everything for a comfortable first night outdoors.",
    ["travel", "new"],
    "2026-04-15",
  ],
  [
    "gift-guide",
    "The winter gift guide",
    "Thoughtful presents for everyone on your list.",
    ["gift-idea", "winter"],
    "2026-05-15",
  ],
  [
    "behind-the-seams",
    "Behind the seams",
    "A visit to the workshop that makes our shirts.",
    ["handmade", "sustainable"],
    "2026-06-15",
  ],
  [
    "linen-or-cotton",
    "Linen or cotton for summer?",
    "How the two summer fabrics compare on a hot day, from the first wear to the hundredth wash.",
    ["summer", "organic"],
    "2026-07-15",
  ],
  [
    "keeping-wool-soft",
    "Keeping wool soft",
    "Gentle washing and drying for knitwear that lasts for years.",
    ["winter", "sustainable"],
    "2026-08-15",
  ],
  [
    "a-calmer-desk",
    "A calmer desk in ten minutes",
    "Small changes to a workspace that make a big difference to a working day: light, cables, and one notebook instead of ten scraps of paper.",
    ["new", "handmade"],
    "2026-09-15",
  ],
  [
    "weekend-hike",
    "Planning a weekend hike",
    "Routes, layers and snacks for two days on the trail.",
    ["travel", "summer"],
    "2026-10-15",
  ],
  [
    "slow-coffee",
    "The slow coffee morning",
    "Brewing pour-over coffee at home, step by step.",
    ["new", "gift-idea"],
    "2026-11-01",
  ],
  [
    "mending-basics",
    "Mending basics",
    "Sew on a button and darn a sock: two small skills that keep clothes in use for longer.",
    ["sustainable", "handmade"],
    "2026-11-15",
  ],
];
const articles = articleRows.map(([slug, title, excerpt, tags, publishedAt], i) => {
  const [width, height] = /** @type {[number, number]} */ (ARTICLE_SIZES[i % ARTICLE_SIZES.length]);
  writeFileSync(join(images, `article-${slug}.svg`), articleSvg(title, width, height));
  return {
    slug,
    title,
    author: AUTHORS[i % AUTHORS.length],
    thumbnail: `/media/article-${slug}.svg`,
    thumbnailSize: { width, height },
    excerpt,
    tags,
    body: [
      excerpt,
      "We asked our team for their best advice and collected it here.",
      "Have a tip of your own? Send it through the feedback form.",
    ],
    publishedAt,
  };
});

const pages = [
  ["about", "About us", "page"],
  ["shipping", "Shipping", "page"],
  ["returns", "Returns and refunds", "page"],
  ["privacy", "Privacy policy", "page"],
  ["terms", "Terms of service", "page"],
  ["contact", "Contact", "root"],
  ["lookbook", "Lookbook", "custom"],
  ["faq", "Frequently asked questions", "root"],
].map(([slug, title, folder]) => ({
  slug,
  title,
  folder,
  body: [`${title} for the Demo Store.`, "This page is part of the demo data shipped with the reference server."],
}));

/** @param {(product: DemoProduct) => boolean} pred */
const bySlug = (pred) => products.filter(pred).map((p) => p.slug);
const collections = [
  {
    slug: "new-arrivals",
    title: "New arrivals",
    description: "Fresh in this season.",
    products: bySlug((p) => p.tags.includes("new")).concat(products.slice(0, 4).map((p) => p.slug)),
  },
  {
    slug: "best-sellers",
    title: "Best sellers",
    description: "What everyone is buying.",
    products: bySlug((p) => p.tags.includes("bestseller")).concat(products.slice(10, 14).map((p) => p.slug)),
  },
  {
    slug: "gifts",
    title: "Gifts",
    description: "Presents they will keep.",
    products: bySlug((p) => p.tags.includes("gift-idea")).concat(products.slice(20, 24).map((p) => p.slug)),
  },
  {
    slug: "sale",
    title: "On sale",
    description: "Reduced while stock lasts.",
    products: bySlug((p) => p.linePrice !== undefined),
  },
].map((c) => ({ ...c, products: [...new Set(c.products)] }));

const promotions = [
  {
    slug: "summer-sale",
    title: "Summer sale",
    description: "Up to 30% off summer favourites.",
    discountPercent: 20,
    products: bySlug((p) => p.category === "outdoor" || p.tags.includes("summer")),
    startsAt: "2026-06-01",
    endsAt: "2027-08-31",
  },
  {
    slug: "kitchen-week",
    title: "Kitchen week",
    description: "15% off everything for the kitchen.",
    discountPercent: 15,
    products: bySlug((p) => p.category === "kitchen"),
    startsAt: "2026-01-01",
    endsAt: "2027-12-31",
  },
  {
    slug: "back-to-desk",
    title: "Back to the desk",
    description: "Stationery for a fresh start.",
    discountPercent: 10,
    products: bySlug((p) => p.category === "stationery"),
    startsAt: "2026-08-15",
    endsAt: "2027-09-30",
  },
  {
    slug: "spring-refresh",
    title: "Spring refresh",
    description: "Lighter layers for the first warm days.",
    discountPercent: 15,
    products: ["linen-shirt", "poplin-shirt", "camp-collar-shirt", "cotton-pullover", "espadrille", "canvas-tote"],
    startsAt: "2026-03-01",
    endsAt: "2026-04-30",
  },
  {
    slug: "home-for-winter",
    title: "Home for winter",
    description: "Warm textiles and light for the long evenings.",
    discountPercent: 20,
    products: ["linen-throw", "wool-cushion", "cotton-rug", "ceramic-table-lamp", "stoneware-vase"],
    startsAt: "2030-01-01",
    endsAt: "2030-02-28",
  },
];

const coupons = [
  {
    code: "WELCOME10",
    slug: "welcome10",
    title: "10% off your first order",
    type: "percent",
    value: 10,
    minAmount: 0,
    expiresAt: "2030-12-31",
    oncePerAccount: true,
    firstOrderOnly: true,
    terms:
      "For your account's first order, once. An order you cancel gives the coupon back. Cannot be combined with another coupon.",
  },
  {
    code: "SAVE15",
    slug: "save15",
    title: "$15 off orders over $100",
    type: "fixed",
    value: 15,
    minAmount: 100,
    expiresAt: "2030-12-31",
    terms: "$15 off when your goods come to $100 or more, before shipping. One coupon per order.",
  },
  {
    code: "FREESHIP",
    slug: "freeship",
    title: "Free standard shipping",
    type: "shipping",
    value: 0,
    minAmount: 30,
    expiresAt: "2030-12-31",
    terms: "Free shipping when your goods come to $30 or more. One coupon per order.",
  },
  {
    code: "EXPIRED5",
    slug: "expired5",
    title: "An expired coupon",
    type: "fixed",
    value: 5,
    minAmount: 0,
    expiresAt: "2020-01-01",
  },
  {
    code: "OUTDOOR20",
    slug: "outdoor20",
    title: "20% off outdoor gear",
    type: "percent",
    value: 20,
    minAmount: 50,
    expiresAt: "2030-12-31",
    products: bySlug((p) => p.category === "outdoor"),
    terms:
      "20% off the outdoor gear in your order when it comes to $50 or more; other items keep their price. One coupon per order.",
  },
];

const categories = CATEGORIES.map(({ slug, name }) => ({
  slug,
  name,
  description: `Our ${name.toLowerCase()}, chosen to last.`,
  // Every category has products.
  image: `/media/${/** @type {DemoProduct} */ (products.find((p) => p.category === slug)).slug}.svg`,
}));
const tags = TAGS.map((slug) => ({ slug, name: slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) }));

// Texts go out in English, zh and zh-HK (scripts/demo-store-texts.mjs); reviews stay as written.
/** @param {string} name @param {string} schema @param {unknown[]} items */
const write = (name, schema, items) =>
  writeFileSync(
    join(store, name),
    `${JSON.stringify({ $schema: `../../schemas/store/${schema}`, items: localizeItems(name, items) }, null, 2)}\n`,
  );
write("products.json", "products.schema.json", products);
write("categories.json", "categories.schema.json", categories);
write("tags.json", "tags.schema.json", tags);
write("collections.json", "collections.schema.json", collections);
write("articles.json", "articles.schema.json", articles);
write("pages.json", "pages.schema.json", pages);
write("promotions.json", "promotions.schema.json", promotions);
write("coupons.json", "coupons.schema.json", coupons);
write("reviews.json", "reviews.schema.json", reviews);
console.log(`wrote ${products.length} products, ${reviews.length} reviews and their images to ${store}`);
