// Starts the reference store server on a random loopback port with a fresh data directory,
// and speaks its API the way the browser does.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppOptions, buildApp, type StoreServer } from "../../../src/server/app";
import { loadSchemaSet } from "../../../src/server/schemas";

// Every successful answer is checked against its call's response schema, as the client does.
const schemas = loadSchemaSet(join(process.cwd(), "schemas"));

/** Starting a server compiles every schema; on a busy two-core machine that can take seconds. */
export const START_TIMEOUT_MS = 30_000;

// biome-ignore lint/suspicious/noExplicitAny: test helper: tests read the answers of many calls without naming each response type (every answer is checked against its response schema at run time).
export interface Envelope<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  /** A refusal's reason (message id and values), when the server gave one. */
  reason?: { id: string; values?: Record<string, string | number> };
}

export interface TestStore {
  url: string;
  server: StoreServer;
  dataDir: string;
  /** The PostgreSQL database it uses, when a PostgreSQL suite put it on one: a second process of the same store passes it on. */
  databaseUrl?: string;
  /** POST /api/web/{call}; `visitor` sets the visitorId cookie. */
  // biome-ignore lint/suspicious/noExplicitAny: as Envelope's T: the answer's data, checked against its response schema at run time.
  post<T = any>(
    call: string,
    body?: unknown,
    options?: { token?: string; visitor?: string; raw?: string; type?: string; headers?: Record<string, string> },
  ): Promise<Envelope<T>>;
  close(): Promise<void>;
}

/** scrypt's cost before issue #19: a test hashes in milliseconds; production keeps OWASP's. */
export const TEST_PASSWORD_COST = { N: 2 ** 14, r: 8, p: 1 };

/** Where this test file's stores keep their data: SQLite in each one's data directory unless a PostgreSQL suite set a source of databases. */
let nextDatabaseUrl: (() => string) | undefined;

/** Makes every store this test file starts from now on use a database `next` answers (postgres-support.ts). */
export function putStoresOn(next: () => string): void {
  nextDatabaseUrl = next;
}

export async function startStore(options: AppOptions & { keepData?: boolean } = {}): Promise<TestStore> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "store-data-"));
  const databaseUrl = options.databaseUrl ?? nextDatabaseUrl?.();
  const server = await buildApp({
    passwordCost: TEST_PASSWORD_COST,
    ...options,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    server,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    async post(call, body = {}, opts = {}) {
      const headers: Record<string, string> = { "content-type": opts.type ?? "application/json", ...opts.headers };
      if (opts.token) headers["x-auth"] = opts.token;
      if (opts.visitor) headers.cookie = `visitorId=${opts.visitor}`;
      const response = await fetch(`${url}/api/web/${call}`, { method: "POST", headers, body: opts.raw ?? JSON.stringify(body) });
      const json = (await response.json()) as { code: number; msg: string; data: unknown; reason?: Envelope["reason"] };
      const responseSchema = `api/${call}.response.schema.json`;
      if (json.code === 0 && schemas.has(responseSchema)) {
        const validate = schemas.get(responseSchema);
        if (!validate(structuredClone(json.data))) {
          throw new Error(`${call} answered data that fails ${responseSchema}: ${JSON.stringify(validate.errors?.[0])}`);
        }
      }
      return {
        status: response.status,
        code: json.code,
        msg: json.msg,
        data: json.data as never,
        ...(json.reason ? { reason: json.reason } : {}),
      };
    },
    async close() {
      // Keep-alive sockets of fetch would otherwise hold the close open.
      const closing = server.app.close();
      server.app.server.closeAllConnections();
      await closing;
      if (!options.keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique email per call, so tests in one database never collide. */
export function uniqueEmail(): string {
  counter += 1;
  return `shopper${Date.now().toString(36)}${counter}@example.com`;
}

/** The code of the newest link mailed to `to` (a verification or reset link), read from the outbox. */
export function mailedCode(store: TestStore, to: string): string {
  const row = store.server.db
    .prepare("SELECT link FROM outbox WHERE recipient = ? AND link != '' ORDER BY id DESC LIMIT 1")
    .get(to) as { link: string } | undefined;
  const code = row ? new URL(row.link, "http://localhost").searchParams.get("code") : null;
  if (!code) throw new Error(`no link was mailed to ${to}`);
  return code;
}

/** Signs up with an email address and follows the mailed link, which confirms it and signs in. */
export async function signUp(store: TestStore, email = uniqueEmail(), password = "secret123") {
  const answer = await store.post("auth/signup", { email, password, agree: true });
  if (answer.code !== 0) throw new Error(`sign-up failed: ${answer.msg}`);
  const verified = await store.post<{ token: string; user: { id: string } }>("auth/verifyEmail", {
    code: mailedCode(store, email),
  });
  if (verified.code !== 0) throw new Error(`verification failed: ${verified.msg}`);
  return { email, password, token: verified.data.token, user: verified.data.user };
}

export function count(store: TestStore, table: string): number {
  return (store.server.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}
