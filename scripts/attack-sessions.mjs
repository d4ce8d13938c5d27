// The attacks of issue #48 on sessions, cookies, headers and logs (items 1, 6, 7, 8, 9, 10, 13),
// run by scripts/attack.mjs against its built server with its helpers. Each prints "held" when
// the shop refuses it.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "./bench/chromium.mjs";
import { startBuiltServer } from "./built-server.mjs";

/** @param {import("./attack.mjs").AttackTools} shop the helpers of scripts/attack.mjs */
export async function sessionAttacks(shop) {
  const { base, check, post, signUp, tally, email } = shop;

  await check("session token in a page address or a script-readable cookie (issue #48, 1)", async () => {
    const { account } = await signUp();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      /** @type {string[]} */
      const addresses = [];
      page.on("request", (request) => addresses.push(request.url()));
      await page.goto(`${base}/auth/signin?redirect=%2Fcategory%2Fshirts`);
      const form = page.getByRole("main");
      await form.getByLabel("Email or mobile number", { exact: true }).fill(account);
      await form.getByLabel("Password", { exact: true }).fill("right-password");
      await form.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${base}/category/shirts`);
      await page.waitForSelector("[data-component=SiteHeader][data-island=mounted]");
      const token = await page.evaluate(() => localStorage.getItem("sf.token"));
      if (!token) throw new Error("the sign-in stored no token");
      // A client navigation: the router's page-route request with its markers.
      await page.getByRole("banner").getByRole("link", { name: "My account", exact: true }).click();
      await page.waitForURL(`${base}/user/center`);
      const routed = addresses.filter((a) => a.includes("request=route")).length;
      const leaked = addresses.filter((a) => a.includes(token) || a.includes("sf_auth")).length;
      const readable = (await page.evaluate(() => document.cookie)).includes("sf_auth");
      const cookie = (await page.context().cookies()).find((c) => c.name === "sf_auth");
      return {
        held: routed > 0 && leaked === 0 && !readable && cookie?.httpOnly === true,
        detail: `${routed} page-route requests, ${leaked} addresses with the token; sf_auth ${cookie ? (cookie.httpOnly ? "HttpOnly" : "readable by script") : "not set"}${readable ? ", in document.cookie" : ""}`,
      };
    } finally {
      await browser.close();
    }
  });

  await check("CDN cache poisoning with x-hide-head / x-hide-foot on a shared document (issue #48, 6)", async () => {
    const plain = await (await fetch(`${base}/category/shirts`)).text();
    const asked = await fetch(`${base}/category/shirts`, { headers: { "x-hide-head": "1", "x-hide-foot": "1" } });
    const html = await asked.text();
    const vary = (asked.headers.get("vary") ?? "").toLowerCase();
    const shared = /public/.test(asked.headers.get("cache-control") ?? "");
    const varied = vary.includes("x-hide-head") && vary.includes("x-hide-foot");
    return {
      held: html === plain || !shared || varied,
      detail: `${html === plain ? "the same document" : "a different document"}; Cache-Control: ${asked.headers.get("cache-control")}; Vary: ${vary}`,
    };
  });

  await check("sign-in codes and links in a production log (issue #48, 7)", async () => {
    // A server of its own, as production runs it, logging at info; its stdout is the log.
    const work = mkdtempSync(join(tmpdir(), "attack-log-"));
    cpSync(join(shop.root, "fixtures/demo-store"), join(work, "store"), { recursive: true });
    const logged = startBuiltServer(shop.root, {
      STORE_DIR: join(work, "store"),
      DATA_DIR: join(work, "data"),
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    });
    let log = "";
    logged.process.stdout?.on("data", (chunk) => (log += chunk));
    try {
      const url = await logged.url;
      const account = shop.email();
      /** @param {string} path @param {unknown} body */
      const call = (path, body) =>
        fetch(`${url}/api/web/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      await call("auth/signup", { email: account, password: "right-password", agree: true });
      await call("auth/forget", { email: account });
      await new Promise((r) => setTimeout(r, 300));
      const mails = log.split("\n").filter((line) => line.includes("mail ")).length;
      const leaked = /code=|verify-email|reset-password|Your code is/.test(log) || log.includes(account);
      return {
        held: mails >= 2 && !leaked,
        detail: `${mails} mail lines logged, ${leaked ? "with codes, links or the address" : "each a kind and a hash"}`,
      };
    } finally {
      logged.stop();
      await new Promise((r) => logged.process.once("exit", r));
      rmSync(work, { recursive: true, force: true });
    }
  });

  await check("order/pay with a return path that leaves the shop or breaks the redirect (issue #48, 9)", async () => {
    const { token } = await signUp();
    const added = await post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }, { token });
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
    const paths = ["/\t/evil.example/phish", "/\n", "/\r\nSet-Cookie: a=b", "/\u3000/", "/\\evil.example", "//evil.example"];
    const answers = [];
    for (const returnPath of paths)
      answers.push(await post("order/pay", { orderNo: order.data.orderNo, returnPath, language: "en" }, { token }));
    const opened = answers.filter((a) => a.code === 0).length;
    return {
      held: opened === 0 && answers.every((a) => a.status === 400),
      detail: `${opened}/${paths.length} payments opened; ${tally(answers)}`,
    };
  });

  await check("account enumeration through user/editEmail with wrong codes (issue #48, 10)", async () => {
    const victim = await signUp();
    const { token } = await signUp();
    /** @param {string} address */
    const probe = async (address) => {
      await post("auth/sendCode", { channel: "email", email: address }, { token });
      return post("user/editEmail", { email: address, code: "000000" }, { token });
    };
    const taken = await probe(victim.account);
    const free = await probe(email());
    const more = [];
    for (let i = 0; i < 10; i++) more.push(await post("user/editEmail", { email: victim.account, code: "000001" }, { token }));
    const told = [taken, free, ...more].filter((a) => /already|taken/i.test(a.msg ?? "")).length;
    // Counted: the fifth wrong try of one code answers otherwise (ask for a new code).
    const counted = more.some((a) => a.msg !== taken.msg);
    return {
      held: told === 0 && taken.msg === free.msg && counted,
      detail: `taken: "${taken.msg}"; free: "${free.msg}"; ${told} answers said taken; then ${tally(more)}, ${counted ? "the fifth try voided the code" : "no try counted"}`,
    };
  });
}
