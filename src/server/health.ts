// GET /healthz, for a load balancer in front of several instances: 200 "ok" while this
// instance can read its database and write to it, 503 otherwise, saying which (the balancer then
// sends its traffic elsewhere). Reads go on beside another process's write lock on SQLite, so
// writes are probed too: the write lock taken and let go at once, waiting a second at most.
import type { FastifyInstance } from "fastify";
import type { Db, WriteProbe } from "./db/open";

export function registerHealthCheck(app: FastifyInstance, db: Db, writes: WriteProbe): void {
  // A real table: SQLite answers `SELECT 1` without reading the file.
  const read = db.prepare("SELECT version FROM page_data_version");
  app.get("/healthz", async (request, reply) => {
    reply.header("cache-control", "no-store").type("text/plain; charset=utf-8");
    try {
      read.get();
    } catch (err) {
      request.log.error(err);
      return reply.code(503).send("database unavailable");
    }
    try {
      writes.probe();
      return "ok";
    } catch (err) {
      request.log.error(err);
      return reply.code(503).send("database writes unavailable");
    }
  });
}
