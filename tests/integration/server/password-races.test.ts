// A password reset that lands while another request's hash runs wins over that request: a
// sign-in that checked the old password starts no session after it, and a password change
// that checked the old one neither replaces the new password nor keeps its session. The store
// runs one hash at a time (hashSlots), so hashes finish in the order they were asked, and a
// slower cost than the other tests' keeps each one running while the next request arrives.
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailedCode, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;

beforeAll(async () => {
  store = await startStore({ passwordCost: { N: 2 ** 16, r: 8, p: 1 }, hashSlots: { running: 1, waiting: 8 } });
}, START_TIMEOUT_MS);

afterAll(() => store?.close());

async function resetCode(email: string): Promise<string> {
  expect((await store.post("auth/forget", { email })).code).toBe(0);
  return mailedCode(store, email);
}

/** Long enough for a request to reach its hash, far shorter than a hash at this cost. */
const moment = () => new Promise((resolve) => setTimeout(resolve, 30));

it("refuses a sign-in with the old password whose check ran after a reset set a new one", async () => {
  const { email, password } = await signUp(store);
  const code = await resetCode(email);
  const reset = store.post("auth/resetPassword", { code, password: "after-reset-1" });
  await moment();
  // Read the account before the reset wrote; its check of the old password waits behind the reset's hash.
  const signIn = store.post("auth/signin", { account: email, password });
  expect((await reset).code).toBe(0);
  expect(await signIn).toMatchObject({ code: 41, msg: "The account or password is incorrect." });
  expect((await store.post("auth/signin", { account: email, password: "after-reset-1" })).code).toBe(0);
});

it("keeps a reset that landed while a password change was hashing: the change is refused as signed out", async () => {
  const { email, password, token } = await signUp(store);
  const code = await resetCode(email);
  // The change checks the old password first; the reset's hash runs next, then the change's.
  const change = store.post("user/editPassword", { oldPassword: password, password: "changed-meanwhile-1" }, { token });
  await moment();
  const reset = store.post("auth/resetPassword", { code, password: "after-reset-2" });
  expect((await reset).code).toBe(0);
  expect((await change).code).toBe(50);
  expect((await store.post("auth/signin", { account: email, password: "changed-meanwhile-1" })).code).toBe(41);
  expect((await store.post("auth/signin", { account: email, password: "after-reset-2" })).code).toBe(0);
});
