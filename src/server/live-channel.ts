// /ws/message?visitorId=…: joins the socket to its visitor and to the customer signed in
// on that visitor, so order changes and QR confirmations reach it.
import type { FastifyInstance } from "fastify";
import { WIRE } from "../shared/codes";
import { VISITOR_ID } from "./api/calls/shared";
import { type ApiDeps, isCrossSite } from "./api/register";
import { userIdOfToken } from "./auth/tokens";

/** One per open tab; more are refused (1013, try again later), so one visitor cannot hold hundreds. */
export const SOCKETS_PER_VISITOR = 8;

/**
 * `perVisitor`: this process's share of SOCKETS_PER_VISITOR. Counted per process (the count
 * then needs no cleanup after a worker crashes); each of N workers takes 1/N of the cap, so a
 * visitor never holds more than the cap across them (main.ts).
 */
export function registerLiveChannel(app: FastifyInstance, deps: ApiDeps, perVisitor = SOCKETS_PER_VISITOR): void {
  const open = new Map<string, number>();
  app.get(WIRE.livePath, { websocket: true }, (socket, request) => {
    const query = request.query as Partial<Record<typeof WIRE.visitorQuery, string>>;
    const visitorId = query[WIRE.visitorQuery] ?? "";
    // Browsers let any page open a WebSocket anywhere; only the Origin tells whose page it is.
    if (isCrossSite(request)) {
      socket.close(1008, "cross-site sockets are not accepted");
      return;
    }
    if (!VISITOR_ID.test(visitorId)) {
      socket.close(1008, "visitorId is required");
      return;
    }
    const sockets = open.get(visitorId) ?? 0;
    if (sockets >= perVisitor) {
      socket.close(1013, "too many sockets for this visitor");
      return;
    }
    open.set(visitorId, sockets + 1);
    socket.once("close", () => {
      const left = (open.get(visitorId) ?? 1) - 1;
      if (left > 0) open.set(visitorId, left);
      else open.delete(visitorId);
    });
    const header = request.headers[WIRE.authHeader];
    const token = typeof header === "string" ? header : undefined;
    const fromToken = userIdOfToken(deps.db, token, deps.clock());
    if (fromToken !== null) deps.live.bind(visitorId, fromToken, token);
    else if (deps.live.userOf(visitorId) === undefined) {
      // A visitor no call has bound yet (or whose binding was purged): its latest track says who it was.
      const tracked = deps.db
        .prepare("SELECT user_id FROM visitor_tracks WHERE visitor_id = ? ORDER BY id DESC LIMIT 1")
        .pluck()
        .get(visitorId) as number | null | undefined;
      if (tracked != null) deps.live.bind(visitorId, tracked);
    }
    deps.live.add(socket, visitorId);
    socket.send(JSON.stringify({ code: 0, msg: "connected", type: "hello", data: { visitorId } }));
  });
}
