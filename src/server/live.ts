// The live channel's server side: sockets of /ws/message grouped by visitor, each visitor
// bound to the customer signed in on it (browsers cannot send x-auth on a WebSocket, so the
// binding comes from the visitor's authenticated API calls), answering pings and pushing
// {code, msg, type, data} frames.
import type { WebSocket } from "ws";
import type { LiveFrame } from "../../generated/types";
import { WIRE } from "../shared/codes";

/** A server frame: schemas/wire/live-frame.schema.json. */
export type { LiveFrame };

export interface LiveHub {
  add(socket: WebSocket, visitorId: string, userId: number | null): void;
  /** The customer now signed in on this visitor (null: nobody). */
  bind(visitorId: string, userId: number | null): void;
  userOf(visitorId: string): number | null | undefined;
  toVisitor(visitorId: string, frame: LiveFrame): number;
  toUser(userId: number, frame: LiveFrame): number;
  closeAll(): void;
}

const MAX_FRAME = 4096;
const PONG: LiveFrame = { code: WIRE.pingCode, msg: WIRE.pongMsg, type: WIRE.pongMsg };

export function createLiveHub(): LiveHub {
  const byVisitor = new Map<string, Set<WebSocket>>();
  const userOfVisitor = new Map<string, number | null>();

  const send = (sockets: Iterable<WebSocket>, frame: LiveFrame) => {
    let sent = 0;
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) {
        socket.send(JSON.stringify(frame));
        sent++;
      }
    }
    return sent;
  };

  return {
    add(socket, visitorId, userId) {
      let set = byVisitor.get(visitorId);
      if (!set) {
        set = new Set();
        byVisitor.set(visitorId, set);
      }
      set.add(socket);
      if (userId !== null || !userOfVisitor.has(visitorId)) userOfVisitor.set(visitorId, userId);
      socket.once("close", () => {
        set.delete(socket);
        if (set.size === 0) byVisitor.delete(visitorId);
      });
      socket.on("message", (raw, isBinary) => {
        if (isBinary || (raw as Buffer).length > MAX_FRAME) return void socket.close(1009, "frame too large");
        let message: unknown;
        try {
          message = JSON.parse(String(raw));
        } catch {
          return void socket.send(JSON.stringify({ code: 40, msg: "frames must be JSON", type: "error" }));
        }
        const m = message as { code?: unknown; msg?: unknown } | null;
        if (m?.code === WIRE.pingCode && m.msg === WIRE.pingMsg) socket.send(JSON.stringify(PONG));
      });
    },
    bind(visitorId, userId) {
      userOfVisitor.set(visitorId, userId);
    },
    userOf: (visitorId) => userOfVisitor.get(visitorId),
    toVisitor: (visitorId, frame) => send(byVisitor.get(visitorId) ?? [], frame),
    toUser(userId, frame) {
      const sockets: WebSocket[] = [];
      for (const [visitorId, set] of byVisitor) if (userOfVisitor.get(visitorId) === userId) sockets.push(...set);
      return send(sockets, frame);
    },
    closeAll() {
      for (const set of byVisitor.values()) for (const socket of set) socket.terminate();
    },
  };
}
