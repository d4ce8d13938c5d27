// @vitest-environment node
// The API suite again, every store on a PostgreSQL database of its own (DATABASE_URL): the same
// test files, imported here after the stores are pointed at a throwaway cluster (the render
// cache's too: its pages follow the same database versions there).
import { afterAll, describe, it } from "vitest";
import { postgresBinaries, startPostgres } from "./postgres-support";
import { putStoresOn, START_TIMEOUT_MS } from "./support";

const binaries = postgresBinaries();
if ("missing" in binaries) {
  describe.skip(`the API suite on PostgreSQL: ${binaries.missing}`, () => it("runs", () => undefined));
} else {
  const cluster = await startPostgres(binaries.bin);
  afterAll(() => cluster.stop(), START_TIMEOUT_MS);
  putStoresOn(() => cluster.createDatabase());
  await import("./api-auth.test");
  await import("./api-shop.test");
  await import("./api-comments.test");
  await import("./orders-api.test");
  await import("./reviews-api.test");
  await import("./coupons.test");
  await import("./live.test");
  await import("./account-lists.test");
  await import("./account-profile.test");
  await import("./account-access.test");
  await import("./page-cache.test");
}
