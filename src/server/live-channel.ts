// /ws/message?visitorId=…: joins the socket to its visitor and to the customer signed in
// on that visitor, so order changes and QR confirmations reach it.
import type { FastifyInstance } from "fastify";
import { WIRE } from "../shared/codes";
import { userIdOfToken } from "./auth/tokens";
import { VISITOR_ID } from "./api/calls/shared";
import type { ApiDeps } from "./api/register";

export function registerLiveChannel(app: FastifyInstance, deps: ApiDeps): void {
  app.get(WIRE.livePath, { websocket: true }, (socket, request) => {
    const query = request.query as Partial<Record<typeof WIRE.visitorQuery, string>>;
    const visitorId = query[WIRE.visitorQuery] ?? "";
    if (!VISITOR_ID.test(visitorId)) {
      socket.close(1008, "visitorId is required");
      return;
    }
    const header = request.headers[WIRE.authHeader];
    const fromToken = typeof header === "string" ? userIdOfToken(deps.db, header, deps.clock()) : null;
    // After a restart the binding is gone from memory; the visitor's latest track says who it was.
    const known = deps.live.userOf(visitorId);
    const tracked =
      known === undefined
        ? ((
            deps.db.prepare("SELECT user_id FROM visitor_tracks WHERE visitor_id = ? ORDER BY id DESC LIMIT 1").get(visitorId) as
              | { user_id: number | null }
              | undefined
          )?.user_id ?? null)
        : known;
    deps.live.add(socket, visitorId, fromToken ?? tracked);
    socket.send(JSON.stringify({ code: 0, msg: "connected", type: "hello", data: { visitorId } }));
  });
}
