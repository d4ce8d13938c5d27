// The runtime services in Debian's Chromium against a real HTTP + WebSocket server:
// visitor tracking at start and after 10 s, the duration beacon every 10 s and when the
// page is hidden (by leaving it), the live channel's ping every 10 s, and a stale sign-in
// (code 50) ending on the sign-in page once.

import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import type { InitialData } from "../../generated/types";
import { renderDocument } from "../../src/server/document";
import { documentAssets, readManifest } from "../../src/server/manifest";
import { launchBrowser } from "./support/browser";
import { startTestServer, type TestServer } from "./support/static-server";

interface Seen {
  at: number;
  path: string;
  contentType: string;
  body: unknown;
}

let browser: Browser;
let server: TestServer;
const wss = new WebSocketServer({ noServer: true });
const posts: Seen[] = [];
const sockets: Array<{ url: string; frames: unknown[]; socket: WebSocket }> = [];

const initialData: InitialData = { meta: { status: 200, title: "Services" }, config: { router: {} }, theme: { config: {} } };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

const postsTo = (path: string) => posts.filter((p) => p.path === path);

async function until<T>(what: string, read: () => T | undefined, timeout = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  server.server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    if (!request.url?.startsWith("/ws/message?")) return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      const entry = { url: request.url!, frames: [] as unknown[], socket: ws };
      sockets.push(entry);
      ws.on("message", (data) => entry.frames.push(JSON.parse(String(data))));
    });
  });
  server.use(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path === "/favicon.ico") {
      res.writeHead(204).end();
      return true;
    }
    if (req.method !== "POST" || !path.startsWith("/api/web/")) return false;
    const text = await readBody(req);
    posts.push({ at: Date.now(), path, contentType: req.headers["content-type"] ?? "", body: JSON.parse(text) });
    // A stale sign-in: the server no longer knows the token.
    if (path === "/api/web/user/info" && req.headers["x-auth"] === "stale-token") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 50, msg: "" }));
      return true;
    }
    const data = path === "/api/web/visitor/track" ? { visitorId: "v_e2e" } : null;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 0, msg: "", data }));
    return true;
  });
  const assets = documentAssets(readManifest(process.cwd()));
  server.page(
    "/product/linen",
    renderDocument({ lang: "en", initialData, pageHead: "", pageBody: "<h1>Linen shirt</h1>", pageFoot: "", assets }),
  );
  server.page(
    "/auth/signin",
    renderDocument({ lang: "en", initialData, pageHead: "", pageBody: "<h1>Sign in</h1>", pageFoot: "", assets }),
  );
  server.page("/elsewhere", "<!doctype html><title>Elsewhere</title><p>elsewhere</p>");
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const client of wss.clients) client.terminate();
  wss.close();
  await browser?.close();
  await server?.close();
});

describe("runtime services in Chromium", () => {
  it("tracks the visit, pings the live channel, and beacons the time on page when it is hidden", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // In a development build this includes the API schema checks' reports.
    page.on("console", (m) => m.type() === "error" && errors.push(`${m.text()} ${m.location().url}`));
    const loaded = Date.now();
    await page.goto(`${server.url}/product/linen`);

    // Tracking at start, with the page, the referrer and the browser's time zone.
    const first = await until("the first /visitor/track", () => postsTo("/api/web/visitor/track")[0]);
    const timezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(first.body).toEqual({ url: `${server.url}/product/linen`, referer: "", timezone });
    expect(first.contentType).toBe("application/json");

    // The visitor id the server named opens the live channel with it.
    const live = await until("the live socket", () => sockets[0]);
    expect(live.url).toBe("/ws/message?visitorId=v_e2e");
    expect(await page.evaluate(() => localStorage.getItem("sf.visitorId"))).toBe("v_e2e");
    live.socket.send(JSON.stringify({ code: 0, msg: "Welcome", type: "notice", data: {} }));

    // 10 s later: the second report, the duration beacon and the ping.
    const second = await until("the second /visitor/track", () => postsTo("/api/web/visitor/track")[1]);
    expect(second.at - first.at).toBeGreaterThanOrEqual(9_000);
    const tick = await until("the 10 s duration beacon", () => postsTo("/api/web/stat/duration")[0]);
    expect(tick.body).toEqual({ duration: 10 });
    // A JSON Blob: same-origin, so no preflight, and the server refuses text/plain (issue #19).
    expect(tick.contentType).toBe("application/json");
    await until("the ping", () => live.frames[0]);
    expect(live.frames[0]).toEqual({ code: 200, msg: "ping" });
    expect(sockets).toHaveLength(1);

    // Leaving the page hides it: the seconds since the last beacon go out at once.
    await new Promise((r) => setTimeout(r, 2_200));
    const hiddenAt = Date.now();
    await page.goto(`${server.url}/elsewhere`);
    const last = await until("the beacon sent on hiding", () => postsTo("/api/web/stat/duration")[1], 5_000);
    expect(last.at - hiddenAt).toBeLessThan(3_000);
    const { duration } = last.body as { duration: number };
    expect(duration).toBeGreaterThanOrEqual(1);
    expect(duration).toBeLessThanOrEqual(Math.ceil((hiddenAt - loaded) / 1000) - 10);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("an auth-invalid answer signs out once and goes to sign-in with the address, with no loop", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      if (location.pathname === "/product/linen") {
        localStorage.setItem("sf.token", "stale-token");
        localStorage.setItem("sf.user", JSON.stringify({ id: "42", email: "mei@example.com", nickname: "mei" }));
      }
    });
    await page.goto(`${server.url}/product/linen?size=m`);
    await page.waitForURL(`${server.url}/auth/signin?redirect=%2Fproduct%2Flinen%3Fsize%3Dm`);
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => [localStorage.getItem("sf.token"), localStorage.getItem("sf.user")])).toEqual([null, null]);
    const infoCalls = () => postsTo("/api/web/user/info").length;
    const before = infoCalls();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(page.url()).toBe(`${server.url}/auth/signin?redirect=%2Fproduct%2Flinen%3Fsize%3Dm`);
    expect(infoCalls()).toBe(before);
    expect(before).toBe(1);
    await page.close();
  });
});
