// The scrub list of `npm run record`: volatile values (tokens, nonces, dates, ids, the visitor
// id, the server's own address, build hashes) replaced by stable placeholders, so that two
// recordings of the same store differ only where the store did. README ("Recording a store")
// shows the same table.

/**
 * JSON keys (at any depth) whose string or number value is replaced, by placeholder.
 * @type {Readonly<Record<string, string>>}
 */
export const SCRUB_KEYS = Object.freeze({
  token: "<TOKEN>",
  secret: "<SECRET>",
  ticket: "<TICKET>",
  nonce: "<NONCE>",
  visitorId: "<VISITOR_ID>",
  orderNo: "<ORDER_NO>",
  returnNo: "<RETURN_NO>",
});

/** The recorded server's origin (its port changes on every run): a reserved name, so that addresses stay valid URLs. */
export const BASE_PLACEHOLDER = "http://recorded.test";

/** Fixed instant that stands for every date: a valid date-time, so schemas still accept it. */
export const DATE_PLACEHOLDER = "2000-01-01T00:00:00.000Z";
export const DATE_MS_PLACEHOLDER = Date.parse(DATE_PLACEHOLDER);

/** JSON keys holding dates: a string becomes DATE_PLACEHOLDER, a number DATE_MS_PLACEHOLDER. */
export const DATE_KEY = /(?:At|_at|Time|_time|Date|_date|^date|^time|^expires|^expiry)$/;

/** Patterns replaced inside every string (HTML documents, JSON strings, frames), in order. */
export const SCRUB_PATTERNS = Object.freeze([
  // The per-request CSP nonce (attributes and the policy).
  { name: "nonce", pattern: /nonce="[^"]*"/g, replace: 'nonce="<NONCE>"' },
  { name: "nonce", pattern: /'nonce-[^']*'/g, replace: "'nonce-<NONCE>'" },
  // Content hashes of the client build, which change with every build.
  {
    name: "asset hash",
    pattern: /(\/assets\/(?:[\w-]+\/)*[\w.]+?-)[A-Z0-9]{8}(\.(?:js|css|map|woff2?|png|svg|jpg|webp))/g,
    replace: "$1<HASH>$2",
  },
  // Epoch milliseconds under a date-like key inside embedded JSON (island props in HTML).
  {
    name: "date",
    pattern: /((?:&quot;|")\w*(?:At|_at|Time|_time)(?:&quot;|"):)\d{12,}/g,
    replace: `$1${Date.parse("2000-01-01T00:00:00.000Z")}`,
  },
  // A running countdown (ARIA role timer) changes every second: its text and its duration.
  { name: "timer", pattern: /(<time[^>]*role="timer"[^>]*>)[^<]*(<\/time>)/g, replace: "$1<TIMER>$2" },
  { name: "timer", pattern: /(role="timer"[^>]*dateTime=")P[^"]*(")/g, replace: "$1P0D$2" },
  { name: "timer", pattern: /(dateTime=")P[^"]*("[^>]*role="timer")/g, replace: "$1P0D$2" },
  // ISO 8601 instants (order dates, sign-in times, mail times).
  {
    name: "date",
    pattern: /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})\b/g,
    replace: DATE_PLACEHOLDER,
  },
]);

/** HTTP answer headers kept in a recording; the rest (date, etag, CSP, …) vary or say nothing about the contract. */
export const KEPT_HEADERS = Object.freeze(["content-type", "cache-control", "location", "x-robots-tag"]);

/**
 * A scrubber for one recording: `literals` are values seen during the run (the server's origin,
 * the visitor id, tokens handed out) replaced wherever they appear, longest first.
 */
export function createScrubber() {
  /** @type {Map<string, string>} */
  const literals = new Map();
  /** @param {string} value */
  const text = (value) => {
    let out = value;
    for (const [literal, placeholder] of [...literals].sort((a, b) => b[0].length - a[0].length)) {
      out = out.split(literal).join(placeholder);
    }
    for (const { pattern, replace } of SCRUB_PATTERNS) out = out.replace(pattern, replace);
    return out;
  };
  /**
   * A copy of a JSON value with its volatile values replaced (`key`: the property it is under).
   * @param {unknown} value
   * @param {string} [key]
   * @returns {unknown}
   */
  const json = (value, key = "") => {
    if (typeof value === "string") {
      if (Object.hasOwn(SCRUB_KEYS, key)) return SCRUB_KEYS[key];
      if (DATE_KEY.test(key) && !Number.isNaN(Date.parse(value))) return DATE_PLACEHOLDER;
      return text(value);
    }
    if (typeof value === "number") {
      if (DATE_KEY.test(key) && value > 1e12) return DATE_MS_PLACEHOLDER;
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => json(item, key));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v, k)]));
    }
    return value;
  };
  return {
    /**
     * Replace `literal` wherever it appears from now on (only values of 6 characters or more).
     * @param {unknown} literal
     * @param {string} placeholder
     */
    remember(literal, placeholder) {
      if (typeof literal === "string" && literal.length >= 6) literals.set(literal, placeholder);
    },
    text,
    json,
    /**
     * The kept headers of an answer, scrubbed.
     * @param {Headers} headers
     */
    headers(headers) {
      /** @type {Record<string, string>} */
      const kept = {};
      for (const name of KEPT_HEADERS) {
        const value = headers.get(name);
        if (value !== null) kept[name] = text(value);
      }
      return kept;
    },
  };
}

/** @typedef {ReturnType<typeof createScrubber>} Scrubber */

/**
 * A placeholder: the recording could not keep the real value, so no schema rule can be checked on it.
 * @param {unknown} value
 */
export function isPlaceholder(value) {
  return typeof value === "string" && /^<[A-Z_]+>$/.test(value);
}
