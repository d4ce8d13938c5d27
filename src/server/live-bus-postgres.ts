// The live bus (live-bus.ts) of instances on a shared PostgreSQL database (DATABASE_URL, any
// number of machines): each note goes out by NOTIFY and every process LISTENs, so no broker is
// needed. A module of its own so that only a server on PostgreSQL loads the driver (the cluster's
// primary, which relays the SQLite workers' notes, never does).
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { LiveBus, LiveNote } from "./live-bus";

/** The PostgreSQL channel the notes travel on (one per database: NOTIFY reaches the listeners of its own database). */
const CHANNEL = "live_notes";
/** After a lost connection, the listener connects again this long later. */
const RECONNECT_MS = 1000;

/** How a note travels as a NOTIFY payload: who sent it, so the sender, which delivered it at once, skips it. */
interface NotifiedNote {
  from: string;
  note: LiveNote;
}

/**
 * A process's bus on PostgreSQL: delivered here at once, and to every other process (any
 * instance, any machine) by NOTIFY on the shared database. A connection of its own, outside the
 * statement bridge (db/postgres/), since it waits for notifications; notes published while it
 * is away (a restart of the database) are lost, as a socket's frames are when it drops.
 */
export async function createPostgresBus(url: string, log: (message: string) => void = () => undefined): Promise<LiveBus> {
  const self = randomUUID();
  let deliver: (note: LiveNote) => void = () => undefined;
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { from, note } = JSON.parse(message.payload) as NotifiedNote;
      if (from !== self) deliver(note);
    });
    next.on("error", (err) => log(`live bus: ${err.message}`));
    next.on("end", () => {
      if (client === next) client = undefined;
      if (!closed) setTimeout(() => void connect().catch((err: Error) => log(`live bus: ${err.message}`)), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  await connect();
  // One NOTIFY at a time, in order: a client runs one query at once, and pg leaves the waiting
  // to its caller from version 9 on (8 warns when a query is sent while another runs).
  let sending: Promise<unknown> = Promise.resolve();

  return {
    publish(note) {
      deliver(note);
      const payload = JSON.stringify({ from: self, note } satisfies NotifiedNote);
      sending = sending
        .then(() => client?.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]))
        .catch((err: Error) => log(`live bus: ${err.message}`));
    },
    subscribe(receiver) {
      deliver = receiver;
    },
    close() {
      closed = true;
      deliver = () => undefined;
      void client?.end();
    },
  };
}
