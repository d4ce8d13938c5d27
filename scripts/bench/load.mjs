// The load generator of the server benchmark, run in its own process (scripts/bench/server.mjs
// starts it) so that its work is neither the server's nor the bench script's: `connections`
// keep-alive connections, each sending its next request when the last answer has been read,
// for `durationMs` or until `requests` answers, over `urls` in turn (an address to GET, or
// `{ url, method, headers, body }` for another request). Prints one JSON line:
// requests per second, p50/p99 latency, errors (a status other than 200, or a failed request)
// and the CPU time this process used; also p99 of the requests sent after the first 2 s (a
// figure to read beside p99: a fresh server and new addresses make the first seconds the slowest).
import { Agent, request } from "node:http";

/** @typedef {string | { url: string, method?: string, headers?: Record<string, string>, body?: string }} Target */
/**
 * The line it prints.
 * @typedef {{ requests: number, rps: number, p50: number, p99: number, p99Settled: number, errors: number, seconds: number, cores: number }} LoadResult
 */

/** @type {{ urls: Target[], connections: number, durationMs?: number, requests?: number }} */
const { urls, connections, durationMs, requests: total } = JSON.parse(String(process.argv[2]));

/**
 * @param {Agent} agent
 * @param {Target} target
 * @returns {Promise<boolean>} whether it answered 200
 */
function get(agent, target) {
  const { url, method = "GET", headers = {}, body } = typeof target === "string" ? { url: target } : target;
  return new Promise((resolve) => {
    const req = request(url, { agent, method, headers }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => resolve(res.statusCode === 200));
      res.on("error", () => resolve(false));
    });
    req.on("error", () => resolve(false));
    req.end(body);
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: connections });
/** @type {number[]} */
const latencies = [];
/**
 * Latencies of the requests sent after SETTLED_AFTER_MS.
 * @type {number[]}
 */
const settled = [];
const SETTLED_AFTER_MS = 2_000;
let errors = 0;
let sent = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const end = durationMs ? started + durationMs : Number.POSITIVE_INFINITY;
const more = () => (total ? sent < total : performance.now() < end);

async function loop() {
  while (more()) {
    const url = /** @type {Target} */ (urls[sent++ % urls.length]);
    const at = performance.now();
    if (!(await get(agent, url))) errors++;
    const took = performance.now() - at;
    latencies.push(took);
    if (at - started >= SETTLED_AFTER_MS) settled.push(took);
  }
}

await Promise.all(Array.from({ length: connections }, loop));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
agent.destroy();
latencies.sort((a, b) => a - b);
settled.sort((a, b) => a - b);
/** @param {readonly number[]} list @param {number} q */
const quantile = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
/** @param {number} q */
const at = (q) => quantile(latencies, q);
console.log(
  JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    p99Settled: quantile(settled, 0.99),
    errors,
    seconds,
    /** Cores this process kept busy on average. */
    cores: (cpu.user + cpu.system) / 1e6 / seconds,
  }),
);
