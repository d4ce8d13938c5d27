// Every page is valid HTML (issue 20): the first-load documents of a representative set of
// pages, in English and Simplified Chinese, signed out and (account, checkout) signed in, go
// through the W3C Nu HTML checker (vnu-jar from npm, run with Debian's Java) in one run, since
// each Java start costs seconds. Errors fail the test, each with its page, line and message;
// warnings are left to the reader of the checker's own output.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const VNU_JAR = join(process.cwd(), "node_modules/vnu-jar/build/dist/vnu.jar");
const JAVA = process.env.JAVA ?? "java";

/** Each page by name: its address without a language prefix, whether it is asked for signed in, its status (200 unless said). */
interface PageToCheck {
  name: string;
  path: string;
  signedIn?: boolean;
  status?: number;
}
const PAGES: PageToCheck[] = [
  { name: "home", path: "/" },
  { name: "category", path: "/category/shirts" },
  { name: "product", path: "/product/linen-shirt" },
  { name: "search", path: "/search?q=shirt" },
  { name: "cart", path: "/cart" },
  { name: "checkout", path: "/checkout/cart", signedIn: true },
  { name: "sign-in", path: "/auth/signin" },
  { name: "sign-up", path: "/auth/signup" },
  { name: "article", path: "/article/caring-for-linen" },
  { name: "journal", path: "/article" },
  { name: "page", path: "/page/about" },
  { name: "not-found", path: "/no-such-page-here", status: 404 },
  { name: "account", path: "/user/center", signedIn: true },
  { name: "orders", path: "/user/order", signedIn: true },
];
const PREFIXES = ["", "/zh"];

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let store: RunningStore;
let token: string;
let dir: string;
let orderNo: string;

async function api<T>(call: string, body: unknown): Promise<T> {
  const response = await fetch(`${store.url}/api/web/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-auth": token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${call}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "html-validity-"));
  store = await startStore("html-validity");
  token = await signUpByApi(store.url, "valid-html@example.com", "valid-Passw0rd");
  // An order, for its page in the account (with its notice for visitors without script)...
  await api("cart/add", { sku: "CASCRE-SAN-M", quantity: 1 });
  const address = {
    country: "HK",
    city: "Hong Kong",
    firstName: "Mei",
    lastName: "Chan",
    address: "1 Queen's Road",
    countryCode: "+852",
    phone: "91234567",
  };
  ({ orderNo } = await api<{ orderNo: string }>("checkout/submit", {
    address,
    shippingMethod: "standard",
    paymentMethod: "cod",
  }));
  // ...and a checkout with something to pay for, which shows its whole form.
  await api("cart/add", { sku: "LINSHI-SAN-M", quantity: 1 });
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("valid HTML", () => {
  it("every page passes the Nu HTML checker without an error", async () => {
    const files = new Map<string, string>();
    const pages: PageToCheck[] = [...PAGES, { name: "order", path: `/user/order/${orderNo}`, signedIn: true }];
    for (const prefix of PREFIXES) {
      for (const page of pages) {
        const address = `${prefix}${page.path}`;
        const response = await fetch(store.url + address, {
          headers: page.signedIn ? { cookie: `sf_auth=${token}` } : {},
          redirect: "manual",
        });
        // A signed-in page answered to a visitor would be the sign-in prompt, not the page meant.
        expect(response.status, address).toBe(page.status ?? 200);
        expect(response.headers.get("content-type"), address).toMatch(/^text\/html/);
        const file = join(dir, `${prefix.slice(1) || "en"}--${page.name}.html`);
        writeFileSync(file, await response.text());
        files.set(file, address);
      }
    }

    const run = spawnSync(JAVA, ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files.keys()], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, `could not start ${JAVA} (install Debian's default-jre-headless)`).toBeUndefined();
    const report = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === "error")
      .map((m) => {
        const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
        return `${files.get(file) ?? file}:${m.lastLine ?? "?"}  ${m.message}${m.extract ? `  [${m.extract.trim()}]` : ""}`;
      });
    // The checker read every document.
    expect(report.messages.filter((m) => m.type === "non-document-error")).toEqual([]);
    expect(errors.join("\n")).toBe("");
  }, 120_000);
});
