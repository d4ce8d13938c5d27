// `npm run record -- --journey shop` against the reference server: Chromium browses, adds to
// the cart, signs in (a new account confirmed through /dev/outbox) and opens the checkout; the
// /api/web exchanges and socket frames are recorded, scrubbed and schema-checked, and the
// account area is recorded again signed in.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordStore } from "../../scripts/record.mjs";
import type { RecordedJourney } from "../replay/recording";
import { type RunningStore, startStore } from "./support/store";

let store: RunningStore;
let out: string;

beforeAll(async () => {
  store = await startStore("record-journey");
  out = mkdtempSync(join(tmpdir(), "recording-journey-"));
});

afterAll(async () => {
  await store?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("recording a journey", () => {
  it("records the shop journey's calls and frames, scrubbed and checked, and the account area signed in", {
    timeout: 120_000,
  }, async () => {
    const { entries, problems } = await recordStore({
      base: store.url,
      out,
      routes: [{ path: "/user/center" }],
      journey: "shop",
      log: () => {},
    });
    expect(problems).toEqual([]);
    const journey = JSON.parse(readFileSync(join(out, "journeys/shop.json"), "utf8")) as RecordedJourney;
    const calls = journey.exchanges.map((e) => e.call);
    // The checkout is rendered by the server with its quote; signed in, the page asks who the shopper is.
    expect(calls).toEqual(expect.arrayContaining(["cart/add", "auth/verifyEmail", "user/info"]));
    const added = journey.exchanges.find((e) => e.call === "cart/add")!;
    expect(added.status).toBe(200);
    expect(added.response?.code).toBe(0);
    const verified = journey.exchanges.find((e) => e.call === "auth/verifyEmail")!;
    expect(verified.request).toEqual({ code: "<MAIL_CODE>" });
    expect(verified.response?.data).toMatchObject({ token: "<TOKEN>" });
    expect(journey.frames.some((f) => f.from === "server")).toBe(true);
    const text = readFileSync(join(out, "journeys/shop.json"), "utf8");
    expect(text).not.toContain(new URL(store.url).host);
    expect(text).not.toMatch(/recorder[a-z0-9]+@example\.com/);
    // Signed out the account answers 401; after the journey's sign-in it is recorded as a page.
    expect(entries.find((e) => e.name === "user-center")?.status).toBe(401);
    expect(entries.find((e) => e.name === "signed-in--user-center")).toMatchObject({ status: 200, signedIn: true });
  });
});
