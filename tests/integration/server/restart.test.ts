// @vitest-environment node
// The database lives in DATA_DIR: a restarted server still has the accounts, sessions,
// carts and orders.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { START_TIMEOUT_MS, signUp, startStore } from "./support";

const dataDir = mkdtempSync(join(tmpdir(), "store-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("restart", () => {
  it(
    "keeps the data across a restart",
    async () => {
      const first = await startStore({ dataDir });
      const { email, password, token } = await signUp(first);
      await first.post("cart/add", { sku: "LINSHI-SAN-S", quantity: 1 }, { token });
      await first.post(
        "address/save",
        { country: "HK", city: "HK", firstName: "A", lastName: "B", address: "1 Road", countryCode: "+852", phone: "91234567" },
        { token },
      );
      await first.close();

      const second = await startStore({ dataDir });
      try {
        expect((await second.post("user/info", {}, { token })).data.email).toBe(email);
        expect((await second.post("cart/count", {}, { token })).data.count).toBe(1);
        expect((await second.post("address/list", {}, { token })).data.items).toHaveLength(1);
        expect((await second.post("auth/signin", { account: email, password })).code).toBe(0);
        expect(second.server.db.prepare("PRAGMA journal_mode").pluck().get()).toBe("wal");
      } finally {
        await second.close();
      }
    },
    2 * START_TIMEOUT_MS,
  );
});
