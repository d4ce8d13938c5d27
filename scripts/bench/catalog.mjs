// The catalog at scale: a synthetic store of 50,000 products (scripts/store-generate.mjs: 500
// categories, six variants each, reviews), served by the built server as `npm start` runs it.
// The first start imports the catalog into DATA_DIR/catalog.sqlite; the figures are of the
// second, which finds it current: the time from spawning the server to its first answer, its
// resident memory (all its processes) after the load, and p50/p99 of a category page, a product
// page and a search under 20 keep-alive connections for 10 s each. Between the two starts the
// shop's database gets 200,000 buyers' reviews (a shop of this size has them, and a best-rated
// listing reads their totals). Each run walks many
// addresses (categories, pages and sorts; products; search words), so the figures are of the
// catalog's queries, not of one cached page. Beside each p99 it prints, as a figure only, the
// p99 of the requests sent after a run's first 2 s, when every address is new.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { startBuiltServer } from "../built-server.mjs";
import { generateStore } from "../store-generate.mjs";

const PRODUCTS = 50_000;
const CATEGORIES = 500;
const CONNECTIONS = 20;
const BUYER_REVIEWS = 200_000;
const BUYERS = 2_000;
const DURATION_MS = 10_000;
/**
 * Distinct addresses per target, taken in turn: about as many as a run asks for, so a cache of
 * rendered pages rarely answers (and what load.mjs takes on its command line stays under its limit).
 */
const ADDRESSES = 1_200;
const LOAD = join(dirname(fileURLToPath(import.meta.url)), "load.mjs");
const SORTS = ["featured", "price-asc", "price-desc", "newest", "rating"];
const WORDS = [
  "lamp",
  "shirt",
  "tote",
  "mug",
  "notebook",
  "sweater",
  "blanket",
  "sneaker",
  "classic",
  "travel",
  "organic",
  "studio",
];

/**
 * @param {string} url
 * @returns {Promise<number | undefined>} the answer's status
 */
function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Runs load.mjs in its own process.
 * @param {string[]} urls
 * @param {{ durationMs?: number, requests?: number }} until
 * @returns {import("./load.mjs").LoadResult}
 */
function load(urls, until) {
  const out = execFileSync(process.execPath, [LOAD, JSON.stringify({ urls, connections: CONNECTIONS, ...until })], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(/** @type {string} */ (out.trim().split("\n").at(-1)));
}

/**
 * Writes buyers' reviews of random products into the shop's database (made by the first
 * start): BUYERS accounts, each review by one of them with a score of 1 to 5 and a short text.
 * One transaction.
 * @param {string} dataDir
 * @param {(n: number) => number} next
 */
function addBuyerReviews(dataDir, next) {
  const db = new Database(join(dataDir, "store.sqlite"));
  try {
    db.exec("BEGIN");
    const user = db.prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, 'bench', 0)");
    const buyers = Array.from({ length: BUYERS }, (_, i) => user.run(`buyer-${i}@example.com`).lastInsertRowid);
    const review = db.prepare(
      "INSERT INTO reviews (user_id, product_slug, score, title, body, author, created_at) VALUES (?, ?, ?, '', 'Fine.', 'Buyer', ?)",
    );
    for (let i = 0; i < BUYER_REVIEWS; i++) {
      review.run(buyers[next(BUYERS)], `item-${48 + next(PRODUCTS - 48)}`, 1 + next(5), 1_700_000_000_000 + i);
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/**
 * Resident memory in KB of a process and its children (the workers), from /proc (Linux).
 * @param {number | undefined} pid
 */
function residentKb(pid) {
  /** @param {number | string | undefined} p */
  const rss = (p) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(childrenFile) ? readFileSync(childrenFile, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  return rss(pid) + children.reduce((sum, child) => sum + rss(child), 0);
}

/**
 * A small deterministic sequence (mulberry32), so every run asks for the same addresses: whole numbers below n.
 * @param {number} seed
 */
function sequence(seed) {
  let s = seed >>> 0;
  return (/** @type {number} */ n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/**
 * Starts the built server and waits for its first answer.
 * @param {string} root
 * @param {Record<string, string>} env
 */
async function started(root, env) {
  const at = performance.now();
  const server = startBuiltServer(root, env);
  const url = await server.url;
  // Listening is not answering: the first page also opens the catalog's statements.
  await get(`${url}/`);
  return { server, url, seconds: (performance.now() - at) / 1000 };
}

/** @type {import("./chromium.mjs").Section} */
export const catalogAtScale = {
  title: `Catalog at scale: ${PRODUCTS} products, ${CATEGORIES} categories; ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per target`,
  async run(root) {
    const work = mkdtempSync(join(tmpdir(), "bench-catalog-"));
    const storeDir = join(work, "store");
    const env = { STORE_DIR: storeDir, DATA_DIR: join(work, "data"), NODE_ENV: "production" };
    try {
      const generatedAt = performance.now();
      const counts = generateStore({ products: PRODUCTS, categories: CATEGORIES, out: storeDir });
      console.log(
        `generated ${counts.products} products, ${counts.categories} categories, ${counts.reviews} reviews in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s`,
      );
      const first = await started(root, env);
      first.server.stop();
      console.log(`first start (imports the catalog): ${first.seconds.toFixed(1)} s`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      addBuyerReviews(env.DATA_DIR, sequence(23));
      console.log(`added ${BUYER_REVIEWS} buyers' reviews of ${BUYERS} buyers to the shop's database`);

      const { server, url, seconds } = await started(root, env);
      try {
        const next = sequence(17);
        const categories = Array.from({ length: ADDRESSES }, () => {
          const sort = SORTS[next(SORTS.length)];
          const query = [...(sort === "featured" ? [] : [`sort=${sort}`]), `page=${1 + next(8)}`].join("&");
          return `${url}/category/category-${10 + next(CATEGORIES - 10)}?${query}`;
        });
        const products = Array.from({ length: ADDRESSES }, () => `${url}/product/item-${48 + next(PRODUCTS - 48)}`);
        const searches = Array.from({ length: ADDRESSES }, () => {
          const words = [WORDS[next(WORDS.length)], ...(next(2) ? [WORDS[next(WORDS.length)]] : [])];
          return `${url}/search?q=${encodeURIComponent(words.join(" "))}&page=${1 + next(5)}`;
        });
        /** @type {{ name: string, result: import("./load.mjs").LoadResult }[]} */
        const rows = [];
        for (const [name, urls] of /** @type {[string, string[]][]} */ ([
          ["category page", categories],
          ["product page", products],
          ["search", searches],
        ])) {
          rows.push({ name, result: load(urls, { durationMs: DURATION_MS }) });
        }
        const resident = residentKb(server.pid) / 1024;
        /** @param {number} n */
        const f = (n) => n.toFixed(1).padStart(8);
        console.log(`second start (catalog current): ${seconds.toFixed(2)} s to the first answer`);
        console.log(
          `${"target".padEnd(14)} | ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"p99 after 2 s".padStart(14)} | errors`,
        );
        for (const { name, result } of rows) {
          console.log(
            `${name.padEnd(14)} | ${f(result.rps)} ${f(result.p50)} ${f(result.p99)} ${f(result.p99Settled).padStart(14)} | ${result.errors} (load ${result.cores.toFixed(2)} cores)`,
          );
        }
        console.log(`resident memory (all server processes) after the load: ${resident.toFixed(1)} MB`);
        return [
          {
            name: `catalog of ${PRODUCTS}: start after the first import`,
            value: seconds,
            limit: 5,
            unit: "s",
            below: true,
            digits: 2,
          },
          { name: `catalog of ${PRODUCTS}: resident memory`, value: resident, limit: 400, unit: "MB", below: true, digits: 1 },
          ...rows.flatMap(({ name, result }) => [
            {
              name: `catalog of ${PRODUCTS}: ${name} p99 at ${CONNECTIONS} connections`,
              value: result.p99,
              limit: 100,
              unit: "ms",
              below: true,
              digits: 1,
            },
            { name: `catalog of ${PRODUCTS}: ${name} errors`, value: result.errors, limit: 0 },
          ]),
        ];
      } finally {
        server.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
