// The live channel's server side: sockets of /ws/message grouped by visitor, each visitor
// bound to the customer signed in on it (browsers cannot send x-auth on a WebSocket, so the
// binding comes from the visitor's authenticated API calls), answering pings and pushing
// {code, msg, type, data} frames. The sockets are this process's; the bindings live in the
// database and frames travel on the live bus, so a call answered by one worker reaches a
// socket held by another.
import type { WebSocket } from "ws";
import type { LiveFrame } from "../../generated/types";
import { WIRE } from "../shared/codes";
import { userIdOfToken } from "./auth/tokens";
import type { Db } from "./db/open";
import type { LiveBus, LiveNote } from "./live-bus";

/** A server frame: schemas/wire/live-frame.schema.json. */
export type { LiveFrame };

export interface LiveHub {
  add(socket: WebSocket, visitorId: string): void;
  /**
   * The customer now signed in on this visitor (null: nobody). `token`, when the caller read the
   * customer from a session token: the binding is written only while that token still says so.
   */
  bind(visitorId: string, userId: number | null, token?: string): void;
  /** The customer bound to the visitor; undefined when nothing was ever said about it. */
  userOf(visitorId: string): number | null | undefined;
  toVisitor(visitorId: string, frame: LiveFrame): void;
  toUser(userId: number, frame: LiveFrame): void;
  closeAll(): void;
}

const MAX_FRAME = 4096;
const PONG: LiveFrame = { code: WIRE.pingCode, msg: WIRE.pongMsg, type: WIRE.pongMsg };

export function createLiveHub(db: Db, bus: LiveBus, clock: () => number, log: (line: string) => void = () => undefined): LiveHub {
  const byVisitor = new Map<string, Set<WebSocket>>();
  const bindingOf = db.prepare("SELECT user_id FROM live_bindings WHERE visitor_id = ?").pluck();
  const visitorsOf = db.prepare("SELECT visitor_id FROM live_bindings WHERE user_id = ?").pluck();
  const writeBinding = db.prepare(
    `INSERT INTO live_bindings (visitor_id, user_id, bound_at) VALUES (?, ?, ?)
       ON CONFLICT (visitor_id) DO UPDATE SET user_id = excluded.user_id, bound_at = excluded.bound_at`,
  );

  const send = (sockets: Iterable<WebSocket>, frame: LiveFrame) => {
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  bus.subscribe((note: LiveNote) => {
    if ("visitorId" in note) return send(byVisitor.get(note.visitorId) ?? [], note.frame);
    // Asked only when a frame comes: a lookup per order change rather than a copy of every binding per process.
    // Outside any request: a database that is down loses the frame (as a dropped socket would), not the process.
    try {
      for (const visitorId of visitorsOf.all(note.userId) as string[]) send(byVisitor.get(visitorId) ?? [], note.frame);
    } catch (err) {
      log(`live frame for user ${note.userId} not delivered: ${(err as Error).message}`);
    }
  });

  return {
    add(socket, visitorId) {
      let set = byVisitor.get(visitorId);
      if (!set) {
        set = new Set();
        byVisitor.set(visitorId, set);
      }
      set.add(socket);
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
    bind(visitorId, userId, token) {
      // Every authenticated call says who is signed in; only a change is written, so the write lock is rarely asked for.
      const row = bindingOf.get(visitorId) as number | null | undefined;
      if (row === userId) return;
      // A sign-out on another worker may have ended the session the call checked, and bound the
      // visitor to nobody since: written only while the session still says so.
      db.transaction(() => {
        if (token === undefined || userIdOfToken(db, token, clock()) === userId) writeBinding.run(visitorId, userId, clock());
      })();
    },
    userOf: (visitorId) => bindingOf.get(visitorId) as number | null | undefined,
    toVisitor: (visitorId, frame) => bus.publish({ visitorId, frame }),
    toUser: (userId, frame) => bus.publish({ userId, frame }),
    closeAll() {
      bus.close();
      for (const set of byVisitor.values()) for (const socket of set) socket.terminate();
    },
  };
}
