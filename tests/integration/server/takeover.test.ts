// An account registered in advance with someone else's address cannot be taken over (issue 48,
// item 5): when the owner first proves the address (the sign-up link, a sign-in code, a reset),
// a password set before by another browser is dropped and every session they did not start ends.
// The shopper who signs up and confirms in the same browser keeps the password they chose.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../../src/server/auth/tokens";
import { mailedCode, START_TIMEOUT_MS, startStore, type TestStore, uniqueEmail } from "./support";

let store: TestStore;

beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);

afterAll(() => store?.close());

const ATTACKER = "attacker-browser";
const OWNER = "owner-browser";

async function preRegister(email: string) {
  const answer = await store.post("auth/signup", { email, password: "attacker-pw", agree: true }, { visitor: ATTACKER });
  expect(answer.code).toBe(0);
  const userId = (store.server.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
  // A session the owner never started (however it came to be).
  const planted = issueToken(store.server.db, userId, Date.now(), { method: "email", ip: "192.0.2.1", userAgent: "x" });
  return { planted };
}

const signIn = (email: string, password: string, visitor = ATTACKER) =>
  store.post("auth/signin", { account: email, password }, { visitor });

/** The 6-digit code mailed to `to` last. */
function mailedShortCode(to: string): string {
  const row = store.server.db.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").get(to) as {
    body: string;
  };
  return /\b(\d{6})\b/.exec(row.body)![1]!;
}

describe("an account registered in advance with the owner's address", { timeout: 20_000 }, () => {
  it("drops the attacker's password and sessions when the owner opens the confirmation link", async () => {
    const email = uniqueEmail();
    const { planted } = await preRegister(email);
    const verified = await store.post("auth/verifyEmail", { code: mailedCode(store, email) }, { visitor: OWNER });
    expect(verified.code).toBe(0);
    expect((await signIn(email, "attacker-pw")).code).not.toBe(0);
    expect((await store.post("user/info", {}, { token: planted })).code).toBe(50);
    // The owner's own session goes on.
    expect((await store.post("user/info", {}, { token: verified.data.token })).data.email).toBe(email);
  });

  it("drops the attacker's password and sessions when the owner signs in by a one-time code", async () => {
    const email = uniqueEmail();
    const { planted } = await preRegister(email);
    expect((await store.post("auth/sendSigninCode", { account: email }, { visitor: OWNER })).code).toBe(0);
    const signed = await store.post("auth/signinByCode", { account: email, code: mailedShortCode(email) }, { visitor: OWNER });
    expect(signed.code).toBe(0);
    expect((await signIn(email, "attacker-pw")).code).not.toBe(0);
    expect((await store.post("user/info", {}, { token: planted })).code).toBe(50);
  });

  it("keeps the password of a shopper who signs up and confirms in the same browser", async () => {
    const email = uniqueEmail();
    expect((await store.post("auth/signup", { email, password: "mine-123", agree: true }, { visitor: OWNER })).code).toBe(0);
    expect((await store.post("auth/verifyEmail", { code: mailedCode(store, email) }, { visitor: OWNER })).code).toBe(0);
    expect((await signIn(email, "mine-123", OWNER)).code).toBe(0);
  });
});
