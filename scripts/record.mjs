// `npm run record`: records a store that speaks the wire contract (DESIGN.md, "Wire contract")
// into a folder tests replay offline, and checks a recording for contract drift.
//
//   npm run record -- --base http://127.0.0.1:3000 --out fixtures/recorded/demo [--routes list.txt] [--journey shop]
//   npm run record -- --check fixtures/recorded/demo [--base http://127.0.0.1:3000] [--schemas DIR]
//
// A recording is `recording.json` (the index: each route's address, route name, statuses and
// headers), `routes/{name}.json` (the `?request=route` answers), `documents/{name}.html` (the
// first loads) and `journeys/{journey}.json` (the /api/web exchanges and socket frames of a
// journey driven in Chromium). Everything is scrubbed (scripts/record-scrub.mjs) and checked
// against schemas/ as it is written; a bad answer is reported and kept.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  checkDocument,
  checkExchange,
  checkFrame,
  checkRouteAnswer,
  diffJson,
  initialDataOf,
  loadValidators,
  shown,
} from "./record-check.mjs";
import { BASE_PLACEHOLDER, createScrubber } from "./record-scrub.mjs";

/** @typedef {import("./record-check.mjs").Validators} Validators */
/** @typedef {import("./record-scrub.mjs").Scrubber} Scrubber */
/** @typedef {(line: string) => void} Log */
/**
 * A rule a recorded file breaks.
 * @typedef {{ file: string, pointer: string, message: string }} RecordProblem
 */
/**
 * A difference between a recording and the live store.
 * @typedef {{ file: string, pointer: string, old: unknown, new: unknown }} RecordDrift
 */
/**
 * An address to record; `prefix`, the language prefix it was found under.
 * @typedef {{ path: string, prefix?: string }} RouteItem
 */
/**
 * A recorded route in `recording.json`.
 * @typedef {object} RecordedEntry
 * @property {string} name
 * @property {string} path
 * @property {string | null} route
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {string} answer
 * @property {number} documentStatus
 * @property {Record<string, string>} documentHeaders
 * @property {string} document
 * @property {boolean} [signedIn]
 */
/** @typedef {ReturnType<typeof storeClient>} StoreClient */
/** @typedef {{ client: StoreClient, scrub: Scrubber, validators: Validators, out: string }} RecordContext */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const FORMAT = 1;

/**
 * Addresses of SPEC.md §2 that a store's links may not show (account screens, error pages,
 * the catch-all); the rest of the default list is found by following the store's links.
 */
export const WELL_KNOWN_PATHS = Object.freeze([
  "/",
  "/search?q=shirt",
  "/cart",
  "/tag",
  "/article",
  "/promotion",
  "/coupon",
  "/auth/signin",
  "/auth/signup",
  "/auth/forget",
  "/auth/reset-password",
  "/auth/verify-email",
  "/auth/verify-prompt",
  "/checkout/thankyou",
  "/checkout/cart",
  "/inquiry/feedback",
  "/error/404",
  "/error/500",
  "/error/403",
  "/app/recorded",
  "/user/center",
]);

/** The same pages under other prefixes: a language of each kind (Simplified, Traditional, another script's prefix). */
export const PREFIXED = Object.freeze([
  { prefix: "/zh", route: "home" },
  { prefix: "/zh-HK", route: "product-detail" },
  { prefix: "/de", route: "cart" },
]);

/** Addresses tried per shape (first segment and depth: `/product/*`), so a large catalog costs no more than a small one. */
const PER_SHAPE = 2;
const MAX_CANDIDATES = 80;
const CONCURRENCY = 4;
const TIMEOUT_MS = 10_000;

/** A visitor id of the pattern of schemas/common/fields.schema.json, fresh per run. */
function newVisitorId() {
  return `rec${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}

/**
 * Runs `work` over `items`, `limit` at a time.
 * @template T
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<unknown>} work
 */
async function eachLimited(items, limit, work) {
  let next = 0;
  const run = async () => {
    while (next < items.length) await work(/** @type {T} */ (items[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

/**
 * A client of one store: documents and page-route answers, as a browser asks for them.
 * @param {string} base
 * @param {string} visitorId
 * @param {string} [token] a session, for the signed-in pages
 */
export function storeClient(base, visitorId, token) {
  const origin = new URL(base).origin;
  /** @param {string} accept */
  const headers = (accept) => ({
    accept,
    cookie: `visitorId=${visitorId}`,
    "user-agent": "storefront-recorder",
    ...(token ? { "x-auth": token } : {}),
  });
  return {
    origin,
    /** @param {string} path */
    async document(path) {
      const response = await fetch(origin + path, { headers: headers("text/html"), signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { status: response.status, headers: response.headers, html: await response.text() };
    },
    /** @param {string} path */
    async route(path) {
      const url = new URL(path, origin);
      const markers = `request=route&ua=storefront-recorder&referer=&cookie=${encodeURIComponent(`visitorId=${visitorId}`)}`;
      const href = `${url.pathname}${url.search ? `${url.search}&` : "?"}${markers}`;
      const response = await fetch(origin + href, {
        headers: headers("application/json"),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      /** @type {any} the answer's JSON, checked against its schema by record-check */
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.status, headers: response.headers, body, text };
    },
    /** @param {string} path */
    async text(path) {
      const response = await fetch(origin + path, { headers: headers("*/*"), signal: AbortSignal.timeout(TIMEOUT_MS) });
      return response.ok ? response.text() : "";
    },
  };
}

/**
 * Same-origin addresses a page links to (href attributes), without their fragment.
 * @param {string} html
 * @param {string} origin
 */
export function linksOf(html, origin) {
  /** @type {Set<string>} */
  const out = new Set();
  for (const match of html.matchAll(/href=(?:"([^"]*)"|'([^']*)')/g)) {
    const raw = (match[1] ?? match[2] ?? "").replace(/&amp;/g, "&");
    if (!raw || raw.startsWith("#") || /^(?:mailto|tel|javascript):/i.test(raw)) continue;
    let url;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || url.pathname.startsWith("/assets/") || url.pathname.startsWith("/api/")) continue;
    if (/\.(?:xml|txt|css|js|png|jpe?g|webp|svg|ico|json)$/.test(url.pathname)) continue;
    out.add(url.pathname + url.search);
  }
  return [...out];
}

/**
 * Addresses listed by the store's sitemaps.
 * @param {StoreClient} client
 */
async function sitemapPaths(client) {
  /** @param {string} xml */
  const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => String(m[1]).trim());
  const index = await client.text("/sitemap.xml").catch(() => "");
  /** @type {string[]} */
  const out = [];
  for (const sitemap of locs(index)) {
    /** @param {string} loc */
    const pathOf = (loc) => {
      try {
        const url = new URL(loc);
        return url.pathname + url.search;
      } catch {
        return null;
      }
    };
    const path = pathOf(sitemap);
    if (!path) continue;
    const pages = locs(await client.text(path).catch(() => ""))
      .map(pathOf)
      .filter((page) => page !== null);
    out.push(...pages);
  }
  return out;
}

/**
 * A file name for a route: its name, with the prefix before it and a counter after a repeat.
 * @param {Set<string>} taken
 * @param {string} route
 * @param {string} [prefix]
 */
function fileNameOf(taken, route, prefix = "") {
  const base = `${prefix ? `${prefix.slice(1)}--` : ""}${route}`.replace(/[^A-Za-z0-9_-]/g, "_");
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
  taken.add(name);
  return name;
}

/**
 * Fetches one route (its page-route answer and its document), scrubbed and checked.
 * @param {RecordContext} ctx
 * @param {RouteItem} item
 */
async function recordRoute(ctx, item) {
  const [route, doc] = await Promise.all([ctx.client.route(item.path), ctx.client.document(item.path)]);
  /** @type {any} the answer's JSON, scrubbed */
  const answer = route.body === undefined ? undefined : ctx.scrub.json(route.body);
  const html = ctx.scrub.text(doc.html);
  return {
    path: item.path,
    /** @type {string | null} */
    route: answer?.data?.meta?.route ?? null,
    status: route.status,
    headers: ctx.scrub.headers(route.headers),
    answer,
    answerText: answer === undefined ? ctx.scrub.text(route.text) : `${JSON.stringify(answer, null, 2)}\n`,
    documentStatus: doc.status,
    documentHeaders: ctx.scrub.headers(doc.headers),
    html,
    problems: [
      ...checkRouteAnswer(ctx.validators, answer).map((p) => ({ file: "routes/{name}.json", ...p })),
      ...checkDocument(ctx.validators, html).map((p) => ({ file: "documents/{name}.html", ...p })),
    ],
  };
}

/**
 * Writes a recorded route under `name`; returns its index entry.
 * @param {RecordContext} ctx
 * @param {string} name
 * @param {Awaited<ReturnType<typeof recordRoute>>} result
 * @returns {RecordedEntry}
 */
function writeRoute(ctx, name, result) {
  const answerFile = `routes/${name}.json`;
  const documentFile = `documents/${name}.html`;
  writeFileSync(join(ctx.out, answerFile), result.answerText);
  writeFileSync(join(ctx.out, documentFile), result.html);
  return {
    name,
    path: result.path,
    route: result.route,
    status: result.status,
    headers: result.headers,
    answer: answerFile,
    documentStatus: result.documentStatus,
    documentHeaders: result.documentHeaders,
    document: documentFile,
  };
}

/**
 * `/product/*` for `/product/linen-shirt`: the first segment and the depth.
 * @param {string} path
 */
function shapeOf(path) {
  const segments = new URL(path, "http://x").pathname.split("/").filter(Boolean);
  return `/${segments[0] ?? ""}#${segments.length}`;
}

/**
 * `paths` without repeats, at most PER_SHAPE of each shape, minus those already `seen`.
 * @param {readonly string[]} paths
 * @param {Set<string>} seen
 * @param {Map<string, number>} shapes
 */
function sample(paths, seen, shapes) {
  /** @type {string[]} */
  const out = [];
  for (const path of paths) {
    if (seen.has(path)) continue;
    const shape = shapeOf(path);
    const count = shapes.get(shape) ?? 0;
    if (count >= PER_SHAPE && !WELL_KNOWN_PATHS.includes(path)) continue;
    shapes.set(shape, count + 1);
    seen.add(path);
    out.push(path);
  }
  return out;
}

/** Language prefixes (`/zh`, `/zh-HK`) at the start of a path. */
const PREFIX = /^\/(?:zh|zh-TW|zh-HK|en|de|es|fr|id|it|ja|ko|pt|th|fil|vi)(?=\/|$)/;

/**
 * An address that answered a page route: `answer`, its JSON.
 * @typedef {{ path: string, route: string, status: number, order: number, answer: any }} Found
 */

/**
 * The default route list: one address per route name the store answers, found from its links and sitemaps.
 * @param {StoreClient} client
 * @param {Log} log
 * @returns {Promise<RouteItem[]>}
 */
async function discoverRoutes(client, log) {
  /** @type {Map<string, Found>} */
  const byRoute = new Map();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {Map<string, number>} */
  const shapes = new Map();
  let probed = 0;
  /** @param {string[]} paths */
  const probe = async (paths) => {
    const fresh = sample(
      paths.filter((p) => !PREFIX.test(p)),
      seen,
      shapes,
    ).slice(0, Math.max(0, MAX_CANDIDATES - probed));
    probed += fresh.length;
    /** @type {Found[]} */
    const found = [];
    await eachLimited(fresh, CONCURRENCY, async (path) => {
      const answer = await client.route(path).catch(() => null);
      const route = answer?.body?.data?.meta?.route;
      if (!route || !answer) return;
      // Keep the order of `paths`, so that the store's first link of a kind wins on every run.
      found.push({ path, route, status: answer.status, order: fresh.indexOf(path), answer: answer.body });
    });
    found.sort((a, b) => a.order - b.order);
    // The first address of each kind wins, but a page that answers 200 beats a refusal or an error page.
    for (const f of found) {
      const kept = byRoute.get(f.route);
      if (!kept || (kept.status !== 200 && f.status === 200)) byRoute.set(f.route, f);
    }
    return found;
  };
  const home = await client.document("/");
  const first = await probe([...WELL_KNOWN_PATHS, ...linksOf(home.html, client.origin), ...(await sitemapPaths(client))]);
  // One level further: the links of every page found, for kinds only reached from a page (variants, coupons).
  const next = first.flatMap((f) => linksOf(`${f.answer.data.pageBody ?? ""}${f.answer.data.pageHead ?? ""}`, client.origin));
  await probe(next);
  // Category routes the store's router config adds (`/brand/:slug`), tried with a category's slug.
  /** @type {{ categories?: { path: unknown }[] }} */
  const router = initialDataOf(home.html)?.config?.router ?? {};
  const categorySlug = byRoute.get("category-detail")?.path.split("/").pop();
  if (categorySlug && Array.isArray(router.categories)) {
    await probe(router.categories.map((c) => String(c.path).replace(/:[A-Za-z]+/, categorySlug)));
  }
  // A product or page also answers at the root (`/linen-shirt`, the slug-detail route).
  await probe(
    [...byRoute.values()].flatMap((f) =>
      f.status === 200 && /^\/[^/]+\/[^/?]+$/.test(f.path) ? [`/${f.path.split("/")[2]}`] : [],
    ),
  );
  log(`found ${byRoute.size} route kinds among ${probed} addresses`);
  /** @type {RouteItem[]} */
  const list = [...byRoute.values()].map((f) => ({ path: f.path }));
  for (const { prefix, route } of PREFIXED) {
    const found = byRoute.get(route);
    if (found) list.push({ path: prefix + (found.path === "/" ? "" : found.path), prefix });
  }
  return list;
}

/**
 * Signed-in addresses of the account area: the `refused` ones (401 signed out) and the
 * account pages they link to, one per route name, in a stable order.
 * @param {StoreClient} client
 * @param {string[]} refused
 */
async function discoverSignedIn(client, refused) {
  const areas = new Set(refused.map((p) => `/${p.split("/")[1]}/`));
  /** @type {Map<string, { path: string, route: string, answer: any }>} */
  const byRoute = new Map();
  /** @param {string[]} paths */
  const probe = async (paths) => {
    /** @type {{ path: string, route: string, answer: any }[]} */
    const found = [];
    await eachLimited(paths, CONCURRENCY, async (path) => {
      const answer = await client.route(path).catch(() => null);
      const route = answer?.body?.data?.meta?.route;
      if (route && answer?.status === 200) found.push({ path, route, answer: answer.body });
    });
    found.sort((a, b) => paths.indexOf(a.path) - paths.indexOf(b.path));
    for (const f of found) if (!byRoute.has(f.route)) byRoute.set(f.route, f);
    return found;
  };
  const first = await probe(refused);
  const links = first.flatMap((f) => linksOf(`${f.answer.data.pageBody ?? ""}`, client.origin));
  await probe(
    [...new Set(links)].filter((p) => [...areas].some((a) => p.startsWith(a)) && !refused.includes(p)).slice(0, MAX_CANDIDATES),
  );
  return [...byRoute.values()].map((f) => f.path);
}

/**
 * Reads a `--routes` file: one address a line, `#` starts a comment.
 * @param {string} file
 * @returns {RouteItem[]}
 */
export function readRouteList(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((path) => ({ path }));
}

/**
 * Records `base` into `out`. Options: `routes` (a list of `{ path }`, else discovered),
 * `journey` (a journey name of scripts/record-journey.mjs), `schemaDir`, `log`.
 * Returns `{ entries, problems }`.
 * @param {{ base: string, out: string, routes?: RouteItem[], journey?: string, schemaDir?: string, log?: Log }} options
 * @returns {Promise<{ entries: RecordedEntry[], problems: RecordProblem[] }>}
 */
export async function recordStore({ base, out, routes, journey, schemaDir = join(ROOT, "schemas"), log = console.log }) {
  const validators = loadValidators(schemaDir);
  const visitorId = newVisitorId();
  const scrub = createScrubber();
  const client = storeClient(base, visitorId);
  scrub.remember(client.origin, BASE_PLACEHOLDER);
  scrub.remember(visitorId, "<VISITOR_ID>");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, "routes"), { recursive: true });
  mkdirSync(join(out, "documents"), { recursive: true });
  const list = routes ?? (await discoverRoutes(client, log));
  if (!list.length)
    throw new Error(`${client.origin} answered no page route (GET /?request=route); does it speak the wire contract?`);
  const ctx = { client, scrub, validators, out };
  /** @type {Set<string>} */
  const taken = new Set();
  /** @type {RecordedEntry[]} */
  const entries = [];
  /** @type {RecordProblem[]} */
  const problems = [];
  // Named in list order, so that names and files are the same on every run.
  /** @type {{ item: RouteItem, result: Awaited<ReturnType<typeof recordRoute>> }[]} */
  const named = [];
  await eachLimited(list, CONCURRENCY, async (item) => {
    const result = await recordRoute(ctx, item);
    named.push({ item, result });
  });
  for (const item of list) {
    // Every item was recorded above.
    const { result } = /** @type {(typeof named)[number]} */ (named.find((n) => n.item === item));
    const name = fileNameOf(taken, result.route ?? `status-${result.status}`, item.prefix ?? PREFIX.exec(item.path)?.[0]);
    entries.push(writeRoute(ctx, name, result));
    problems.push(...result.problems.map((p) => ({ ...p, file: p.file.replace("{name}", name) })));
  }
  /** @type {string[]} */
  const journeys = [];
  if (journey) {
    const { runJourney } = await import("./record-journey.mjs");
    const { token, ...recorded } = await runJourney(journey, { base: client.origin, scrub, log });
    const file = `journeys/${journey}.json`;
    mkdirSync(join(out, "journeys"), { recursive: true });
    writeFileSync(join(out, file), `${JSON.stringify(recorded, null, 2)}\n`);
    problems.push(...journeyProblems(validators, recorded).map((p) => ({ file, ...p })));
    journeys.push(journey);
    if (token) {
      // The account area again, signed in as the journey left it.
      const signedIn = { ...ctx, client: storeClient(base, visitorId, token) };
      const refused = entries.filter((e) => e.status === 401).map((e) => e.path);
      const paths = await discoverSignedIn(signedIn.client, refused);
      /** @type {Awaited<ReturnType<typeof recordRoute>>[]} */
      const results = [];
      await eachLimited(paths, CONCURRENCY, async (path) => results.push(await recordRoute(signedIn, { path })));
      for (const path of paths) {
        // Every path was recorded above.
        const result = /** @type {(typeof results)[number]} */ (results.find((r) => r.path === path));
        const name = fileNameOf(taken, result.route ?? `status-${result.status}`, "/signed-in");
        entries.push({ ...writeRoute(ctx, name, result), signedIn: true });
        problems.push(...result.problems.map((p) => ({ ...p, file: p.file.replace("{name}", name) })));
      }
    }
  }
  const index = { format: FORMAT, base: BASE_PLACEHOLDER, routes: entries, journeys };
  writeFileSync(join(out, "recording.json"), `${JSON.stringify(index, null, 2)}\n`);
  const shownDir = relative(process.cwd(), out) || ".";
  for (const p of problems) log(`${join(shownDir, p.file)}  ${p.pointer}  ${p.message}`);
  log(
    `recorded ${entries.length} routes${journey ? ` and the ${journey} journey` : ""} into ${shownDir}: ${problems.length} problem(s)`,
  );
  return { entries, problems };
}

/**
 * @param {Validators} validators
 * @param {{ exchanges: import("./record-journey.mjs").Exchange[], frames: import("./record-journey.mjs").Frame[] }} recorded
 */
function journeyProblems(validators, recorded) {
  return [
    ...recorded.exchanges.flatMap((exchange, i) =>
      checkExchange(validators, exchange).map((p) => ({ ...p, pointer: `/exchanges/${i}${p.pointer}` })),
    ),
    ...recorded.frames.flatMap((frame, i) =>
      frame.from === "server" && frame.data && typeof frame.data === "object"
        ? checkFrame(validators, frame.data).map((p) => ({
            ...p,
            pointer: `/frames/${i}/data${p.pointer === "/" ? "" : p.pointer}`,
          }))
        : [],
    ),
  ];
}

/**
 * Reads a recording's index.
 * @param {string} dir
 * @returns {{ format: number, base: string, routes: RecordedEntry[], journeys?: string[] }}
 */
export function readRecording(dir) {
  return JSON.parse(readFileSync(join(dir, "recording.json"), "utf8"));
}

/**
 * Checks a recording against today's schemas and, with `base`, against a live server.
 * Returns `{ problems, drift }`: problems `{ file, pointer, message }`, drift `{ file, pointer, old, new }`.
 * @param {{ dir: string, base?: string, schemaDir?: string, log?: Log }} options
 * @returns {Promise<{ problems: RecordProblem[], drift: RecordDrift[] }>}
 */
export async function checkRecording({ dir, base, schemaDir = join(ROOT, "schemas"), log = console.log }) {
  const validators = loadValidators(schemaDir);
  const index = readRecording(dir);
  /** @type {RecordProblem[]} */
  const problems = [];
  /** @type {RecordDrift[]} */
  const drift = [];
  /** @param {string} file */
  const read = (file) => readFileSync(join(dir, file), "utf8");
  /** @param {string} text @returns {unknown} */
  const parse = (text) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  for (const entry of index.routes) {
    const answer = parse(read(entry.answer));
    const html = read(entry.document);
    problems.push(...checkRouteAnswer(validators, answer).map((p) => ({ file: entry.answer, ...p })));
    problems.push(...checkDocument(validators, html).map((p) => ({ file: entry.document, ...p })));
  }
  for (const journey of index.journeys ?? []) {
    const file = `journeys/${journey}.json`;
    problems.push(...journeyProblems(validators, JSON.parse(read(file))).map((p) => ({ file, ...p })));
  }
  if (base) {
    const scrub = createScrubber();
    const visitorId = newVisitorId();
    const client = storeClient(base, visitorId);
    scrub.remember(client.origin, BASE_PLACEHOLDER);
    scrub.remember(visitorId, "<VISITOR_ID>");
    // Fetched four at a time, reported in the recording's order.
    /** @type {Map<RecordedEntry, RecordDrift[]>} */
    const changes = new Map();
    await eachLimited(index.routes, CONCURRENCY, async (entry) => {
      /** @type {RecordDrift[]} */
      const found = [];
      const [live, doc] = await Promise.all([client.route(entry.path), client.document(entry.path)]);
      if (live.status !== entry.status)
        found.push({ file: entry.answer, pointer: "(HTTP status)", old: entry.status, new: live.status });
      const now = live.body === undefined ? undefined : scrub.json(live.body);
      for (const d of diffJson(parse(read(entry.answer)), now)) found.push({ file: entry.answer, ...d });
      const before = initialDataOf(read(entry.document));
      const after = initialDataOf(scrub.text(doc.html));
      for (const d of diffJson(before, after))
        found.push({ file: entry.document, ...d, pointer: `#__INITIAL_DATA__${d.pointer}` });
      changes.set(entry, found);
    });
    for (const entry of index.routes) drift.push(...(changes.get(entry) ?? []));
  }
  for (const p of problems) log(`${join(relative(process.cwd(), dir), p.file)}  ${p.pointer}  ${p.message}`);
  for (const d of drift)
    log(`${join(relative(process.cwd(), dir), d.file)}  ${d.pointer}  changed: ${shown(d.old)} -> ${shown(d.new)}`);
  log(
    `checked ${index.routes.length} routes${base ? ` against ${base}` : ""}: ${problems.length} schema problem(s)${base ? `, ${drift.length} change(s)` : ""}`,
  );
  return { problems, drift };
}

/**
 * Parses `--name value` pairs and flags.
 * @param {readonly string[]} argv
 */
export function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i]);
    if (!arg.startsWith("--")) throw new Error(`unexpected argument "${arg}"`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`${arg} needs a value`);
    args[arg.slice(2)] = value;
    i++;
  }
  return args;
}

const USAGE = `usage:
  npm run record -- --base URL --out DIR [--routes FILE] [--journey shop] [--schemas DIR]
  npm run record -- --check DIR [--base URL] [--schemas DIR]`;

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${/** @type {Error} */ (err).message}\n${USAGE}`);
    return 2;
  }
  const schemaDir = args.schemas ? resolve(args.schemas) : undefined;
  if (args.check) {
    const { problems, drift } = await checkRecording({ dir: resolve(args.check), base: args.base, schemaDir });
    return problems.length || drift.length ? 1 : 0;
  }
  if (!args.base || !args.out) {
    console.error(USAGE);
    return 2;
  }
  const { problems } = await recordStore({
    base: args.base,
    out: resolve(args.out),
    routes: args.routes ? readRouteList(args.routes) : undefined,
    journey: args.journey,
    schemaDir,
  });
  return problems.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
