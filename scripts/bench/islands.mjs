// Time to mount 200 server-rendered islands in Chromium, from navigation start to the
// last island's data-island="mounted"; the median of several runs.

import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium, median } from "./chromium.mjs";

const ISLANDS = 200;
const RUNS = 7;

/** @type {import("./chromium.mjs").Section} */
export const islandMounting = {
  title: `Mounting ${ISLANDS} islands in Chromium (median of ${RUNS} runs)`,
  async run(root) {
    const ssr = await import(pathToFileURL(join(root, "dist/server/index.js")).href);
    const en = JSON.parse(await readFile(join(root, "generated/messages/en.json"), "utf8"));
    const context = { locale: "en", messages: en };
    /** @type {string[]} */
    const islands = [];
    for (let i = 0; i < ISLANDS; i++) {
      islands.push(
        await ssr.renderIsland(
          ssr.registry,
          "ProductScore",
          { score: (i % 50) / 10, count: i },
          { context, uid: `s${i}-`, hydrate: "load" },
        ),
      );
    }
    const html = ssr.renderDocument({
      lang: "en",
      initialData: { meta: { title: "bench" }, config: { router: {} }, theme: { config: {} } },
      pageHead: "",
      pageBody: islands.join("\n"),
      pageFoot: "",
      assets: ssr.documentAssets(ssr.readManifest(root)),
    });
    const clientDir = join(root, "dist/client");
    const server = createServer(async (req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(html);
      const file = normalize(join(clientDir, path));
      let body;
      try {
        body = await readFile(file);
      } catch {
        return res.writeHead(404).end();
      }
      res.writeHead(200, { "content-type": file.endsWith(".css") ? "text/css" : "text/javascript" }).end(body);
    });
    await /** @type {Promise<void>} */ (new Promise((r) => server.listen(0, "127.0.0.1", r)));
    const url = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}/`;
    const browser = await launchChromium();
    /** @type {number[]} */
    const times = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(url);
        const ms = await page.evaluate(
          (count) =>
            /** @type {Promise<number>} */ (
              new Promise((resolve) => {
                const check = () => {
                  if (document.querySelectorAll("[data-island=mounted]").length === count) resolve(performance.now());
                  else requestAnimationFrame(check);
                };
                check();
              })
            ),
          ISLANDS,
        );
        times.push(ms);
        await context.close();
      }
    } finally {
      await browser.close();
      server.close();
    }
    console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`);
    console.log(`median: ${median(times).toFixed(0)} ms from navigation start to ${ISLANDS} islands mounted`);
    return [];
  },
};
