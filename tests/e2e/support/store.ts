// The reference store server for browser tests: the demo store on a random loopback port
// with a fresh database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { buildApp, type StoreServer } from "../../../src/server/app";

export interface RunningStore {
  url: string;
  server: StoreServer;
  close(): Promise<void>;
}

export async function startStore(name = "e2e"): Promise<RunningStore> {
  const server = await buildApp({ dataDir: mkdtempSync(join(tmpdir(), `${name}-`)), logger: false });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
    server,
    close: () => server.app.close(),
  };
}
