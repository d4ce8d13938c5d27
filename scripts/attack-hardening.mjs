// The attacks of issue 48 that `npm run attack` repeats against the built shop for the database
// outage, unpaid stock, double refunds, account takeover, uploads and anonymous carts: each one
// run through the script's `check`, with its helpers (`post`, `signUp`, the server's address).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { startBuiltServer } from "./built-server.mjs";

/** @typedef {import("./attack.mjs").AttackTools} AttackTools */

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Places a card order of one unit and pays it on the demo provider's page, as a browser without script would.
 * @param {AttackTools} tools @param {string} token @param {string} sku
 */
async function paidOrder({ base, post }, token, sku) {
  const added = await post("cart/add", { sku, quantity: 1 }, { token });
  if (added.code !== 0) throw new Error(`cart/add: ${added.msg}`);
  const address = {
    country: "Hong Kong",
    city: "Hong Kong",
    firstName: "Mei",
    lastName: "Chan",
    address: "1 Queen's Road",
    countryCode: "+852",
    phone: "91234567",
  };
  const order = await post("checkout/submit", { address, shippingMethod: "standard", paymentMethod: "card" }, { token });
  if (order.code !== 0) throw new Error(`checkout/submit: ${order.msg}`);
  const { orderNo } = order.data;
  const pay = await post("order/pay", { orderNo, returnPath: `/user/order/${orderNo}`, language: "en" }, { token });
  if (pay.code !== 0) throw new Error(`order/pay: ${pay.msg}`);
  const form = new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Mei Chan" });
  await fetch(`${base}${pay.data.payUrl}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  for (let i = 0; i < 50; i++) {
    if ((await post("order/detail", { orderNo }, { token })).data?.payStatus === "paid") return orderNo;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${orderNo} was not marked paid`);
}

/**
 * A form post to the merchant's /dev/orders, as its buttons send it.
 * @param {string} base @param {string} path @param {Record<string, string>} [fields]
 */
const devPost = (base, path, fields = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** Issue 48 item 4: a refund-only return of everything, then a cancellation, both approved. @param {AttackTools} tools */
async function doubleRefund(tools) {
  const { base, post, signUp } = tools;
  const { token } = await signUp();
  const orderNo = await paidOrder(tools, token, "ENAMUG-WHI");
  const form = new FormData();
  form.append("orderNo", orderNo);
  form.append("applyType", "refund_only");
  form.append("applyDesc", "Refund me");
  form.append("lines", JSON.stringify([{ sku: "ENAMUG-WHI", quantity: 1 }]));
  const applied = await (
    await fetch(`${base}/api/web/return/apply`, { method: "POST", headers: { "x-auth": token }, body: form })
  ).json();
  const returnNo = applied.data?.returnNo;
  const cancel = await post("order/cancel", { orderNo }, { token });
  await devPost(base, `/dev/orders/${orderNo}/cancellation`, { decision: "approve" });
  if (returnNo) {
    await devPost(base, `/dev/returns/${returnNo}/review`, { decision: "approve" });
    await devPost(base, `/dev/returns/${returnNo}/complete`);
  }
  const order = (await post("order/detail", { orderNo }, { token })).data;
  const back = returnNo ? (await post("return/detail", { returnNo }, { token })).data : null;
  // What the shop promised to pay back: an approved cancellation refunds the order, a completed return its amount.
  const promised = (order.status === "cancelled" ? order.payAmount : 0) + (back?.status === "completed" ? back.refundAmount : 0);
  return {
    held: promised <= order.payAmount && (order.refunded ?? 0) <= order.payAmount,
    detail: `return ${back ? back.status : "refused"}, cancel ${cancel.code === 0 ? cancel.data.status : `refused (${cancel.reason?.id ?? cancel.msg})`}; order ${order.status}, refunds ${promised.toFixed(2)} of ${order.payAmount} paid`,
  };
}

/** One GET on a connection of its own, so that each may reach another worker: status 0 when nothing answered. */
/** @param {string} url @returns {Promise<{ status: number, worker?: string | string[] }>} */
const getOnce = (url) =>
  new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, worker: res.headers["x-worker"] }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0 }));
    req.end();
  });

/**
 * Issue 48 item 2: another process holds SQLite's write lock for 8 s, past the busy timeout (5 s)
 * and several purges (a server of its own, purging every second, two workers).
 */
/** @param {AttackTools} tools */
async function writeLockHeld({ root }) {
  const work = mkdtempSync(join(tmpdir(), "attack-lock-"));
  cpSync(join(root, "fixtures/demo-store"), join(work, "store"), { recursive: true });
  const dataDir = join(work, "data");
  const server = startBuiltServer(root, {
    STORE_DIR: join(work, "store"),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_CONCURRENCY: "2",
    PURGE_INTERVAL_MS: "1000",
  });
  try {
    const base = await server.url;
    const workers = async () => {
      const seen = new Set();
      for (let i = 0; i < 40 && seen.size < 2; i++) seen.add((await getOnce(`${base}/healthz`)).worker);
      return [...seen].sort().join(",");
    };
    const before = await workers();
    const lock = new Database(join(dataDir, "store.sqlite"));
    lock.exec("BEGIN IMMEDIATE");
    const health = [];
    const pages = [];
    const end = Date.now() + 8000;
    while (Date.now() < end) {
      const [h, p] = await Promise.all([getOnce(`${base}/healthz`), getOnce(`${base}/`)]);
      health.push(h.status);
      pages.push(p.status);
      await sleep(250);
    }
    lock.exec("ROLLBACK");
    lock.close();
    let recovered = false;
    for (let i = 0; i < 60 && !recovered; i++) {
      recovered = (await getOnce(`${base}/healthz`)).status === 200;
      if (!recovered) await sleep(250);
    }
    const after = await workers();
    const told = health.includes(503);
    const answered = pages.every((s) => s === 200);
    return {
      held: after === before && told && answered && recovered && server.process.exitCode === null,
      detail: `workers ${after === before ? "unchanged" : `${before} -> ${after}`}; /healthz during the lock ${[...new Set(health)].join("/")}, after ${recovered ? 200 : "not 200"}; home page ${[...new Set(pages)].join("/")}`,
    };
  } finally {
    server.stop();
    await sleep(500);
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Issue 48 item 5: an attacker signs up with the victim's address and a password; later the
 * victim signs in by a one-time code from their own browser. Does the attacker's password work?
 */
/** @param {AttackTools} tools */
async function preRegistration({ post, dataDir }) {
  const victim = `victim-${Date.now().toString(36)}@example.com`;
  await post("auth/signup", { email: victim, password: "attacker-pw", agree: true }, { visitor: "attacker-browser" });
  await post("auth/sendSigninCode", { account: victim }, { visitor: "victim-browser" });
  // The code the server "mailed": its outbox is a table of the database the script made.
  const db = new Database(join(dataDir, "store.sqlite"), { readonly: true });
  const mail = /** @type {{ body: string } | undefined} */ (
    db.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC").get(victim)
  );
  db.close();
  const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
  const owner = await post("auth/signinByCode", { account: victim, code }, { visitor: "victim-browser" });
  const attacker = await post("auth/signin", { account: victim, password: "attacker-pw" }, { visitor: "attacker-browser" });
  return {
    held: owner.code === 0 && attacker.code !== 0,
    detail: `owner's code sign-in ${owner.code === 0 ? "signed in" : `refused (${owner.msg})`}; the attacker's password afterwards: ${attacker.code === 0 ? "signed in" : `refused (${attacker.msg})`}`,
  };
}

/** Issue 48 item 12: cookie-less cart/add from one address, each making a new visitor and its cart. */
/** @param {AttackTools} tools */
async function anonymousCarts({ post }) {
  /** @type {import("./attack.mjs").Answer[]} */
  const answers = [];
  for (let i = 0; i < 150; i++) answers.push(await post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }));
  const created = answers.filter((a) => a.code === 0).length;
  return {
    held: created <= 60,
    detail: `${created} carts created of 150 asked; ${[...new Set(answers.map((a) => a.status))].join("/")}`,
  };
}

/** @param {AttackTools} tools */
export async function runHardeningAttacks(tools) {
  await tools.check("150 cookie-less cart/add calls from one address, each a new visitor's cart", () => anonymousCarts(tools));
  await tools.check("account registered in advance with the victim's address, then the victim signs in by code", () =>
    preRegistration(tools),
  );
  await tools.check("SQLite write lock held by another process for 8 s, purging every second (two workers)", () =>
    writeLockHeld(tools),
  );
  await tools.check("double refund: a refund-only return of everything, then a cancellation, both approved", () =>
    doubleRefund(tools),
  );
}
