// `npm start`: serves the demo store on http://localhost:3000 (PORT, HOST; loopback by
// default), with STORE_DIR and DATA_DIR to point it elsewhere; LOG_LEVEL=info logs each request;
// PUBLIC_URL is the address the shop is reached at, for canonical links, sitemaps and robots.txt.
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { buildApp } from "./app";
import { StoreFileError } from "./store/load";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const production = process.env.NODE_ENV === "production";

try {
  const { app } = await buildApp({
    ...(process.env.STORE_DIR ? { storeDir: resolve(process.env.STORE_DIR) } : {}),
    ...(process.env.DATA_DIR ? { dataDir: resolve(process.env.DATA_DIR) } : {}),
    ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
    logger: { level: process.env.LOG_LEVEL ?? "warn" },
    production,
    // Set by `npm run dev` (scripts/dev.mjs).
    devReload: process.env.DEV_RELOAD === "1",
  });
  const close = () => {
    const closing = app.close();
    // A keep-alive connection that was not idle when the close began would hold it open for
    // good; requests under way get two seconds to finish.
    setTimeout(() => app.server.closeAllConnections(), 2000).unref();
    void closing.then(() => process.exit(0));
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);
  await app.listen({ port, host });
  const shown = host === "127.0.0.1" || host === "::1" ? "localhost" : host;
  // PORT=0 picks a free port; print the one the server got.
  console.log(`Demo store: http://${shown}:${(app.server.address() as AddressInfo).port}/`);
} catch (err) {
  // A broken store file names the file, line and rule; nothing else is worth a stack.
  console.error(err instanceof StoreFileError ? `store error: ${err.message}` : err);
  process.exit(1);
}
