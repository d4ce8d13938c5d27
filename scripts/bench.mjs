// `npm run bench`: builds for production, runs every benchmark section (or those named),
// prints the figures, and checks them against the budgets. Exit code 1 when a budget is broken.
// Timings come from here, never from unit tests: these machines are noisy.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleSizes } from "./bench/bundle.mjs";
import { catalogAtScale } from "./bench/catalog.mjs";
import { islandMounting } from "./bench/islands.mjs";
import { journeyPages } from "./bench/journey.mjs";
import { lighthouseScores } from "./bench/lighthouse.mjs";
import { navigationTimings } from "./bench/navigation.mjs";
import { postgresInstances } from "./bench/postgres.mjs";
import { serverThroughput } from "./bench/server.mjs";
import { settledPages } from "./bench/settled.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** @type {Record<string, import("./bench/chromium.mjs").Section>} */
const all = {
  bundle: bundleSizes,
  islands: islandMounting,
  journey: journeyPages,
  navigation: navigationTimings,
  settled: settledPages,
  server: serverThroughput,
  catalog: catalogAtScale,
  lighthouse: lighthouseScores,
  postgres: postgresInstances,
};
// `npm run bench -- server lighthouse` runs only the sections named; none named runs them all
// but PostgreSQL's, which `--postgres` (or `postgres`) asks for.
const named = process.argv.slice(2).map((name) => (name === "--postgres" ? "postgres" : name));
const unknown = named.filter((name) => !(name in all));
if (unknown.length) {
  console.error(`unknown section ${unknown.join(", ")}; the sections are ${Object.keys(all).join(", ")}`);
  process.exit(2);
}
// Every name was checked above.
const sections = named.length
  ? named.map((name) => /** @type {import("./bench/chromium.mjs").Section} */ (all[name]))
  : Object.values(all).filter((s) => s !== postgresInstances);
execFileSync(process.execPath, [join(root, "build.mjs")], { stdio: "inherit", cwd: root });
/** @type {import("./bench/chromium.mjs").Budget[]} */
const budgets = [];
for (const section of sections) {
  console.log(`\n== ${section.title}`);
  budgets.push(...(await section.run(root)));
}

console.log("\n== Budgets");
let broken = 0;
// A budget is a ceiling (value <= limit), with `below` a bound the value must stay under, or
// with `atLeast` a floor.
for (const { name, value, limit, unit, digits = unit === "KB" ? 2 : 0, below = false, atLeast = false } of budgets) {
  const ok = atLeast ? value >= limit : below ? value < limit : value <= limit;
  if (!ok) broken++;
  /** @param {number} n */
  const shown = (n) => `${n.toFixed(digits)}${unit ? ` ${unit}` : ""}`;
  console.log(
    `${ok ? "ok  " : "OVER"}  ${name}: ${shown(value)} (budget ${atLeast ? "at least " : below ? "below " : "at most "}${shown(limit)})`,
  );
}
process.exit(broken ? 1 : 0);
