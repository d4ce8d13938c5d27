// The reference store server for browser tests: the demo store on a random loopback port
// with a fresh database, removed when the server closes.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type StoreServer } from "../../../src/server/app";

export interface RunningStore {
  url: string;
  server: StoreServer;
  close(): Promise<void>;
}

/** `storeDir`: a store folder of the test's own (the demo store's by default, which no test may write). */
export async function startStore(name = "e2e", options: { storeDir?: string } = {}): Promise<RunningStore> {
  // A cheaper scrypt than production's, so that signing up and in stays quick in a browser test.
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const server = await buildApp({
    ...options,
    dataDir,
    logger: false,
    passwordCost: { N: 2 ** 14, r: 8, p: 1 },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
    server,
    async close() {
      await server.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
