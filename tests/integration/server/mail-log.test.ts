// @vitest-environment node
// What the server logs of a mail (issue #48, item 7): the kind of mail and a hash of its
// recipient, never the address, a code or a link (a verification link signs its holder in).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

const lines: string[] = [];
const consoleLog = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
  lines.push(args.map(String).join(" "));
});
let store: TestStore;
beforeAll(async () => {
  store = await startStore({ logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
}, START_TIMEOUT_MS);
afterAll(async () => {
  consoleLog.mockRestore();
  await store.close();
}, START_TIMEOUT_MS);

describe("the mail log", () => {
  it("names each mail's kind and its recipient's hash, and no address, code or link", async () => {
    const { email, token } = await signUp(store);
    await store.post("auth/forget", { email });
    await store.post("auth/sendCode", { channel: "email", email: `new-${email}` }, { token });
    const outbox = store.server.db.prepare("SELECT recipient, body, link FROM outbox").all() as {
      recipient: string;
      body: string;
      link: string;
    }[];
    const secrets = outbox.flatMap((mail) => [mail.link, ...(/\d{6}/.exec(mail.body) ?? [])]).filter(Boolean);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const log = lines.join("\n");
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain(email);
    const hash = (to: string) => createHash("sha256").update(to).digest("hex").slice(0, 16);
    expect(log).toMatch(new RegExp(`mail verify to ${hash(email)}`));
    expect(log).toMatch(new RegExp(`mail reset to ${hash(email)}`));
    expect(log).toMatch(new RegExp(`mail code to ${hash(`new-${email}`)}`));
  });
});
