// GET /healthz, for a load balancer in front of several instances: 200 "ok" while this
// instance can read its database, 503 otherwise (the balancer then sends its traffic elsewhere).
import type { FastifyInstance } from "fastify";
import type { Db } from "./db/open";

export function registerHealthCheck(app: FastifyInstance, db: Db): void {
  const probe = db.prepare("SELECT 1 AS ok");
  app.get("/healthz", async (request, reply) => {
    reply.header("cache-control", "no-store").type("text/plain; charset=utf-8");
    try {
      probe.get();
      return "ok";
    } catch (err) {
      request.log.error(err);
      return reply.code(503).send("database unavailable");
    }
  });
}
