// @vitest-environment node
// `npm start` with two workers (the built server, WEB_CONCURRENCY=2): a live frame caused by
// a call answered by one worker reaches a socket held by the other, a rate limit is not
// doubled by the second worker, a killed worker is replaced, and SIGTERM drains and exits 0.
// Each keep-alive connection stays on the worker it landed on; outside production every
// answer (and the socket's handshake) names its worker in `x-worker`.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { WORKER_V8_FLAGS, workerExecArgv } from "../../../src/server/cluster";
import { MAILS_PER_HOUR } from "../../../src/server/mail";
import { MAX_ATTEMPTS, TEST_CARDS } from "../../../src/server/payments/provider";
import { ADDRESS } from "./orders-support";
import { START_TIMEOUT_MS } from "./support";

let child: ChildProcess;
let exited: Promise<number | null>;
let url: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "workers-data-"));
  child = spawn(process.execPath, [join(process.cwd(), "dist/server/main.js")], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it listened: ${out}`)));
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const port = /http:\/\/[^:\s]+:(\d+)\/ \(2 workers\)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
  });
}, START_TIMEOUT_MS);

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  worker: string;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data, read field by field.
  body: any;
}

/** One keep-alive connection, so every request it sends is answered by the same worker. */
function connection() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(`${url}${path}`, { method, agent, headers }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: String(res.headers["x-worker"]),
            body: String(res.headers["content-type"]).startsWith("application/json") ? JSON.parse(text) : text,
          }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  return {
    agent,
    get: (path: string) => send("GET", path),
    post(call: string, body: unknown, options: { token?: string; visitor?: string } = {}) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.token) headers["x-auth"] = options.token;
      if (options.visitor) headers.cookie = `visitorId=${options.visitor}`;
      return send("POST", `/api/web/${call}`, JSON.stringify(body), headers);
    },
    /** An avatar upload (multipart), signed in with `token`. */
    postAvatar(token: string, image: Buffer) {
      const boundary = "----workers-test-boundary";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return send("POST", "/api/web/user/editAvatar", body, {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "x-auth": token,
      });
    },
    /** A plain form post, as a page without script sends it. */
    postForm: (path: string, fields: Record<string, string>) =>
      send("POST", path, new URLSearchParams(fields).toString(), {
        "content-type": "application/x-www-form-urlencoded",
      }),
  };
}

type Connection = ReturnType<typeof connection>;

/** A connection answered by `worker`, or by any other worker than `not`. */
async function connectionTo(wanted: { worker?: string; not?: string }): Promise<Connection> {
  for (let i = 0; i < 20; i++) {
    const c = connection();
    const { worker } = await c.get("/robots.txt");
    if (wanted.worker ? worker === wanted.worker : worker !== wanted.not) return c;
    c.agent.destroy();
  }
  throw new Error(`no connection reached the worker asked for (${JSON.stringify(wanted)})`);
}

function socket(visitor: string) {
  const ws = new WebSocket(`${url.replace("http", "ws")}/ws/message?visitorId=${visitor}`);
  // biome-ignore lint/suspicious/noExplicitAny: the live channel's frames, read field by field.
  const frames: any[] = [];
  ws.on("message", (raw) => frames.push(JSON.parse(String(raw))));
  const worker = new Promise<string>((resolve, reject) => {
    ws.once("upgrade", (response) => resolve(String(response.headers["x-worker"])));
    ws.once("error", reject);
  });
  const opened = new Promise<void>((resolve) => ws.once("open", () => resolve()));
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  return { ws, frames, worker, opened, closed };
}

/**
 * A signed-in shopper, written straight into the database the workers share (this test is one
 * more process on the file): a sign-up through the API costs the built server's production hash.
 */
function account(): { token: string; email: string } {
  const token = randomBytes(32).toString("base64url");
  const db = sharedDatabase();
  const now = Date.now();
  const email = `w${now}${randomBytes(4).toString("hex")}@example.com`;
  const userId = db
    .prepare("INSERT INTO users (email, password_hash, email_verified, created_at) VALUES (?, 'none', 1, ?)")
    .run(email, now).lastInsertRowid;
  db.prepare("INSERT INTO tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    createHash("sha256").update(token).digest("hex"),
    userId,
    now,
    now + 3600_000,
  );
  db.close();
  return { token, email };
}

const shopper = () => account().token;

/** The database the workers share, opened by this test (one more process on the file). */
function sharedDatabase(): Database.Database {
  const db = new Database(join(dataDir, "store.sqlite"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/**
 * Sends `requests` while this process holds the database's write lock, so that each has read
 * what it reads before any may write: the moment a race between workers needs, made certain.
 * `meanwhile` runs inside the lock, as another worker's write would; then the requests go on.
 */
async function whileLocked<T>(db: Database.Database, requests: () => T, meanwhile?: () => void): Promise<T> {
  db.exec("BEGIN IMMEDIATE");
  try {
    const sent = requests();
    // Long enough for a request to reach its first write, far shorter than the workers' busy timeout.
    await new Promise((resolve) => setTimeout(resolve, 500));
    meanwhile?.();
    db.exec("COMMIT");
    return sent;
  } catch (err) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw err;
  }
}

describe("starting", () => {
  it(
    "reports a bad store file once, not once per worker, and a bad WEB_CONCURRENCY by name",
    async () => {
      const storeDir = mkdtempSync(join(tmpdir(), "workers-store-"));
      cpSync(join(process.cwd(), "fixtures/demo-store"), storeDir, { recursive: true });
      writeFileSync(join(storeDir, "theme.json"), '{\n  "primaryColour": "#000"\n}\n');
      const run = (env: Record<string, string>) => {
        const started = spawn(process.execPath, [join(process.cwd(), "dist/server/main.js")], {
          env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(storeDir, "data"), STORE_DIR: storeDir, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        started.stdout.on("data", (chunk) => (output += chunk));
        started.stderr.on("data", (chunk) => (output += chunk));
        return new Promise<{ code: number | null; output: string }>((resolve) =>
          started.once("exit", (code) => resolve({ code, output })),
        );
      };
      const broken = await run({ WEB_CONCURRENCY: "2" });
      expect(broken.code).toBe(1);
      expect(broken.output.match(/store error: /g)).toHaveLength(1);
      expect(broken.output).toMatch(/theme\.json:\d+: \/ unknown property "primaryColour"/);
      const setting = await run({ WEB_CONCURRENCY: "two" });
      expect(setting.code).toBe(1);
      expect(setting.output.trim()).toBe('WEB_CONCURRENCY must be a whole number from 1 to 256, not "two"');
      const scale = await run({ WEB_CONCURRENCY: "1", RATE_LIMIT_SCALE: "0.5" });
      expect(scale.code).toBe(1);
      expect(scale.output.trim()).toBe('RATE_LIMIT_SCALE must be a whole number from 1 to 1000000, not "0.5"');
      rmSync(storeDir, { recursive: true, force: true });
    },
    START_TIMEOUT_MS,
  );
});

describe("two workers", { timeout: 60_000 }, () => {
  it("runs two workers that answer on one port", async () => {
    const first = await connectionTo({ not: "" });
    const { worker } = await first.get("/robots.txt");
    const second = await connectionTo({ not: worker });
    expect((await second.get("/robots.txt")).worker).not.toBe(worker);
    first.agent.destroy();
    second.agent.destroy();
  });

  it("runs each worker with the heap limits, collector and malloc arenas cluster.ts gives it", async () => {
    const c = connection();
    const { worker } = await c.get("/robots.txt");
    c.agent.destroy();
    const argv = readFileSync(`/proc/${worker}/cmdline`, "utf8").split("\0");
    for (const flag of WORKER_V8_FLAGS) expect(argv).toContain(flag);
    const environ = readFileSync(`/proc/${worker}/environ`, "utf8").split("\0");
    expect(environ).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "2"}`);
  });

  it("brings a QR sign-in's news to the socket whichever worker the phone's calls land on", async () => {
    const visitor = `workers-qr-${Date.now()}`;
    const page = socket(visitor);
    const socketWorker = await page.worker;
    await page.opened;
    const other = await connectionTo({ not: socketWorker });
    const phone = shopper();
    const created = (await other.post("auth/qrCreate", {}, { visitor })).body.data;
    expect((await other.post("auth/qrScan", { ticket: created.ticket }, { token: phone })).worker).not.toBe(socketWorker);
    expect((await other.post("auth/qrConfirm", { ticket: created.ticket }, { token: phone })).body.code).toBe(0);
    await expect
      .poll(() => page.frames.filter((f) => f.type === "auth.qr").map((f) => f.data.status))
      .toEqual(["scanned", "confirmed"]);
    page.ws.close();
    other.agent.destroy();
  });

  it("pushes an order's status to the socket of a visitor bound by a call on the other worker", async () => {
    const visitor = `workers-order-${Date.now()}`;
    const page = socket(visitor);
    const socketWorker = await page.worker;
    await page.opened;
    const other = await connectionTo({ not: socketWorker });
    const token = shopper();
    // This call, answered by the other worker, is what binds the visitor to the customer.
    expect((await other.post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }, { token, visitor })).body.code).toBe(0);
    const order = await other.post(
      "checkout/submit",
      { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
      { token, visitor },
    );
    expect(order.body.code).toBe(0);
    expect((await other.post("order/cancel", { orderNo: order.body.data.orderNo }, { token })).worker).not.toBe(socketWorker);
    await expect
      .poll(() => page.frames.filter((f) => f.type === "order.status").map((f) => f.data.status))
      .toEqual(["in_progress", "cancelled"]);
    page.ws.close();
    other.agent.destroy();
  });

  it("holds a visitor's rate limit across workers rather than once per worker", async () => {
    const one = await connectionTo({ not: "" });
    const two = await connectionTo({ not: (await one.get("/robots.txt")).worker });
    const visitor = `workers-limit-${Date.now()}`;
    // Suggestions: 60 at once per visitor (refilled 2 a second). Per worker, all 80 would pass.
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (i % 2 ? one : two).post("search/suggest", { q: "linen" }, { visitor })),
    );
    const passed = answers.filter((a) => a.status === 200).length;
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(passed).toBeGreaterThanOrEqual(60);
    expect(passed).toBeLessThan(72);
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    one.agent.destroy();
    two.agent.destroy();
  });

  it("serializes writes from both workers: 300 cart additions at once, none refused as busy", async () => {
    const connections = Array.from({ length: 20 }, () => connection());
    const run = `${Date.now()}`;
    // 50 visitors, 6 additions each: within the new carts one address may start (60 an hour), and
    // each cart's line, written by both workers at once, must count every addition. The first
    // addition of each makes its cart; the other 250 come at once on top.
    const add = (i: number) =>
      connections[i % connections.length]!.post(
        "cart/add",
        { sku: "ESP-BLA-S", quantity: 1 },
        { visitor: `hammer-${run}-${i % 50}` },
      );
    const first = await Promise.all(Array.from({ length: 50 }, (_, i) => add(i)));
    const answers = [...first, ...(await Promise.all(Array.from({ length: 250 }, (_, i) => add(i + 50))))];
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(answers.filter((a) => a.body.code !== 0)).toEqual([]);
    const db = new Database(join(dataDir, "store.sqlite"), { readonly: true });
    const owners = `%hammer-${run}-%`;
    expect(db.prepare("SELECT COUNT(*) FROM carts WHERE owner LIKE ?").pluck().get(owners)).toBe(50);
    expect(
      db
        .prepare("SELECT SUM(quantity) FROM cart_items JOIN carts ON carts.id = cart_items.cart_id WHERE carts.owner LIKE ?")
        .pluck()
        .get(owners),
    ).toBe(300);
    db.close();
    for (const c of connections) c.agent.destroy();
  });

  it("sells the last unit once when shoppers check it out at the same moment on both workers", async () => {
    const setup = await connectionTo({ not: "" });
    const shoppers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const token = shopper();
      expect((await setup.post("cart/add", { sku: "GLACAR-BLA", quantity: 1 }, { token })).body.code).toBe(0);
      shoppers.push(token);
    }
    setup.agent.destroy();
    // Each on a connection of its own, so both workers take part.
    const connections = shoppers.map(() => connection());
    const answers = await Promise.all(
      shoppers.map((token, i) =>
        connections[i]!.post(
          "checkout/submit",
          { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
          { token },
        ),
      ),
    );
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    // Never a busy database (HTTP 500): each order's transaction waits for the write lock.
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    for (const a of answers.filter((a) => a.body.code !== 0)) expect(a.body.msg).toMatch(/^Only 0 of .* left in stock\.$/);
    for (const c of connections) c.agent.destroy();
  });

  it("counts each card attempt once when one payment page is posted on both workers at once", async () => {
    const setup = await connectionTo({ not: "" });
    const token = shopper();
    expect((await setup.post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }, { token })).body.code).toBe(0);
    const order = await setup.post(
      "checkout/submit",
      { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
      { token },
    );
    const orderNo = order.body.data.orderNo;
    const pay = await setup.post("order/pay", { orderNo, returnPath: `/user/order/${orderNo}`, language: "en" }, { token });
    const payUrl: string = pay.body.data.payUrl;
    setup.agent.destroy();
    const declined = { number: TEST_CARDS.declined, expiry: "12/39", cvc: "123", name: "Mei Chan" };
    // This process holds the write lock while one post reaches each worker: both read the
    // session before either may write, the moment a lost update needs. Then twice as many
    // posts as a session takes arrive at once on both.
    const one = await connectionTo({ not: "" });
    const two = await connectionTo({ not: (await one.get("/robots.txt")).worker });
    const lock = sharedDatabase();
    const held = await whileLocked(lock, () => [one.postForm(payUrl, declined), two.postForm(payUrl, declined)]);
    lock.close();
    const connections = Array.from({ length: 12 }, () => connection());
    const answers = await Promise.all([
      ...held,
      ...Array.from({ length: 2 * MAX_ATTEMPTS + 2 }, (_, i) => connections[i % connections.length]!.postForm(payUrl, declined)),
    ]);
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    expect(answers.map((a) => a.status).filter((s) => s !== 303 && s !== 200)).toEqual([]);
    // Every attempt a worker read was counted: exactly ten were tried, the rest found the session over.
    expect(answers.filter((a) => a.status === 303)).toHaveLength(MAX_ATTEMPTS);
    const db = new Database(join(dataDir, "store.sqlite"), { readonly: true });
    const session = db.prepare("SELECT attempts, status FROM payment_sessions WHERE id = ?").get(payUrl.slice("/pay/".length));
    db.close();
    expect(session).toEqual({ attempts: MAX_ATTEMPTS, status: "expired" });
    for (const c of [one, two, ...connections]) c.agent.destroy();
  });

  it("sends an address no more than its mails of the hour when both workers are asked at the same moment", async () => {
    const { email } = account();
    const db = sharedDatabase();
    const insert = db.prepare("INSERT INTO outbox (recipient, subject, body, created_at) VALUES (?, 'earlier', '', ?)");
    for (let i = 1; i < MAILS_PER_HOUR; i++) insert.run(email, Date.now());
    // One reset asked of each worker while this process holds the write lock: both count the
    // hour's mails before either may send.
    const one = await connectionTo({ not: "" });
    const two = await connectionTo({ not: (await one.get("/robots.txt")).worker });
    const answers = await Promise.all(
      await whileLocked(db, () => [one.post("auth/forget", { email }), two.post("auth/forget", { email })]),
    );
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [200, 0],
      [200, 0],
    ]);
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    expect(db.prepare("SELECT COUNT(*) FROM outbox WHERE recipient = ?").pluck().get(email)).toBe(MAILS_PER_HOUR);
    db.close();
    one.agent.destroy();
    two.agent.destroy();
  });

  it("keeps only the avatar shown when each worker takes a new one for the same account at the same moment", async () => {
    const { token, email } = account();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const one = await connectionTo({ not: "" });
    const two = await connectionTo({ not: (await one.get("/robots.txt")).worker });
    expect((await one.postAvatar(token, png)).body.code).toBe(0);
    const db = sharedDatabase();
    const avatars = () => db.prepare("SELECT name FROM uploads WHERE folder = 'avatars'").pluck().all() as string[];
    const before = avatars();
    // Both workers read the account while this process holds the write lock, then write in turn.
    const answers = await Promise.all(await whileLocked(db, () => [one.postAvatar(token, png), two.postAvatar(token, png)]));
    expect(answers.map((a) => a.body.code)).toEqual([0, 0]);
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    const shown = String(db.prepare("SELECT avatar FROM users WHERE email = ?").pluck().get(email));
    const added = avatars().filter((name) => !before.includes(name));
    expect(added).toEqual([shown.split("/").pop()]);
    // The first picture went too: one file for the one avatar.
    expect(avatars().filter((name) => before.includes(name))).toEqual([]);
    db.close();
    one.agent.destroy();
    two.agent.destroy();
  });

  it("does not bind a browser again to an account signed out on the other worker while a call of it was checked", async () => {
    const token = shopper();
    const visitor = `workers-bind-${Date.now()}`;
    const c = await connectionTo({ not: "" });
    const db = sharedDatabase();
    // The call checks its session, then waits to bind; meanwhile the shopper signs out, as
    // auth/signout does: the session ends, the browser is bound to nobody.
    const call = await whileLocked(
      db,
      () => c.post("user/info", {}, { token, visitor }),
      () => {
        db.prepare("DELETE FROM tokens WHERE token_hash = ?").run(createHash("sha256").update(token).digest("hex"));
        db.prepare("INSERT INTO live_bindings (visitor_id, user_id, bound_at) VALUES (?, NULL, ?)").run(visitor, Date.now());
      },
    );
    expect((await call).body.code).toBe(0);
    expect(db.prepare("SELECT user_id FROM live_bindings WHERE visitor_id = ?").pluck().get(visitor)).toBeNull();
    db.close();
    c.agent.destroy();
  });

  it("takes no comment on an article deleted on the other worker while the comment was checked", async () => {
    const { token, email } = account();
    const db = sharedDatabase();
    const userId = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(email);
    const slug = `workers-article-${Date.now()}`;
    db.prepare(
      "INSERT INTO user_articles (user_id, slug, title, body_markdown, body_html, created_at, updated_at) VALUES (?, ?, 'Mending', 'Text', '<p>Text</p>', ?, ?)",
    ).run(userId, slug, Date.now(), Date.now());
    // Seen just now, so that checking the session writes nothing and waits for no lock.
    db.prepare("UPDATE tokens SET last_seen_at = ? WHERE user_id = ?").run(Date.now(), userId);
    const c = await connectionTo({ not: "" });
    // The call checks the article; meanwhile its author deletes it, with its comments, as article/delete does.
    const call = await whileLocked(
      db,
      () => c.post("comment/add", { articleSlug: slug, body: "Lovely stitches." }, { token }),
      () => {
        db.prepare("DELETE FROM user_articles WHERE slug = ?").run(slug);
        db.prepare("DELETE FROM article_comments WHERE article_slug = ?").run(slug);
      },
    );
    expect((await call).body).toMatchObject({ code: 41, msg: "The article was not found." });
    expect(db.prepare("SELECT COUNT(*) FROM article_comments WHERE article_slug = ?").pluck().get(slug)).toBe(0);
    db.close();
    c.agent.destroy();
  });

  it("sends no reset link to an address the account left on the other worker while the request was read", async () => {
    const { email } = account();
    const db = sharedDatabase();
    const c = await connectionTo({ not: "" });
    // Meanwhile the account moves to another address, as user/editEmail does.
    const asked = await whileLocked(
      db,
      () => c.post("auth/forget", { email }),
      () => db.prepare("UPDATE users SET email = ? WHERE email = ?").run(`moved-${email}`, email),
    );
    expect((await asked).body.code).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM outbox WHERE recipient = ?").pluck().get(email)).toBe(0);
    db.close();
    c.agent.destroy();
  });

  it("refuses an email change, with a clear message, when another account took the address while its code was checked", async () => {
    const mover = account();
    const other = account();
    const wanted = `wanted-${Date.now()}@example.com`;
    const c = await connectionTo({ not: "" });
    expect((await c.post("auth/sendCode", { channel: "email", email: wanted }, { token: mover.token })).body.code).toBe(0);
    const db = sharedDatabase();
    const code = /\b(\d{6})\b/.exec(
      String(db.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").pluck().get(wanted)),
    )![1];
    // The change checks the address and its code; meanwhile the other account takes the address.
    const change = await whileLocked(
      db,
      () => c.post("user/editEmail", { email: wanted, code }, { token: mover.token }),
      () => db.prepare("UPDATE users SET email = ? WHERE email = ?").run(wanted, other.email),
    );
    expect((await change).body).toMatchObject({ code: 41, msg: "An account with this email address already exists." });
    expect(db.prepare("SELECT COUNT(*) FROM users WHERE email = ?").pluck().get(mover.email)).toBe(1);
    db.close();
    c.agent.destroy();
  });

  it("replaces a worker that dies", async () => {
    const c = await connectionTo({ not: "" });
    const victim = (await c.get("/robots.txt")).worker;
    c.agent.destroy();
    process.kill(Number(victim), "SIGKILL");
    const workers = new Set<string>();
    await expect
      .poll(
        async () => {
          const probe = connection();
          const answer = await probe.get("/robots.txt").catch(() => null);
          probe.agent.destroy();
          if (answer?.status === 200) workers.add(answer.worker);
          return workers.size >= 2 && !workers.has(victim);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
  });

  it("drains on SIGTERM: the request under way is answered, the sockets close, and it exits 0", async () => {
    const page = socket(`workers-drain-${Date.now()}`);
    await page.opened;
    // A call whose body is still coming when the drain begins: under way, so it must be answered.
    const body = JSON.stringify({ q: "linen" });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${url}/api/web/search/suggest`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 300);
    });
    expect(await answered).toBe(200);
    expect(await page.closed).toBeGreaterThan(0);
    expect(await exited).toBe(0);
  });
});

describe("worker flags", () => {
  it("adds the V8 flags the operator did not set, in NODE_OPTIONS or on the command line, either spelling", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual([
      "--enable-source-maps",
      "--max-old-space-size=128",
      "--max-semi-space-size=2",
      "--single-threaded-gc",
    ]);
    expect(workerExecArgv(["--max-old-space-size=512"])).toEqual([
      "--max-old-space-size=512",
      "--max-semi-space-size=2",
      "--single-threaded-gc",
    ]);
    expect(workerExecArgv([], "--inspect --max_semi_space_size=8")).toEqual(["--max-old-space-size=128", "--single-threaded-gc"]);
    expect(workerExecArgv(["--no-single-threaded-gc"])).toEqual([
      "--no-single-threaded-gc",
      "--max-old-space-size=128",
      "--max-semi-space-size=2",
    ]);
    expect(workerExecArgv(["--single_threaded_gc"])).toEqual([
      "--single_threaded_gc",
      "--max-old-space-size=128",
      "--max-semi-space-size=2",
    ]);
  });
});
