// Carries live-channel notes between the processes of one server, so that a frame meant for a
// visitor or a customer reaches the socket whichever process holds it. One process: a direct
// call. Worker processes (node:cluster): each note goes to the primary, which hands it to every
// other worker. Instances on a shared PostgreSQL database (DATABASE_URL, any number of machines):
// each note goes out by NOTIFY and every process LISTENs, so no broker is needed.
import type { Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { LiveFrame } from "../../generated/types";

/** A frame for every socket of a visitor, or of every visitor a customer is signed in on. */
export type LiveNote = { visitorId: string; frame: LiveFrame } | { userId: number; frame: LiveFrame };

export interface LiveBus {
  /** Hands `note` to the subscriber of every process of the server, this one's included, once each. */
  publish(note: LiveNote): void;
  /** The one receiver of this process's notes. */
  subscribe(deliver: (note: LiveNote) => void): void;
  close(): void;
}

/** Everything in this process. */
export function createLocalBus(): LiveBus {
  let deliver: (note: LiveNote) => void = () => undefined;
  return {
    publish: (note) => deliver(note),
    subscribe(receiver) {
      deliver = receiver;
    },
    close() {
      deliver = () => undefined;
    },
  };
}

/** How a note travels over the cluster's IPC channel, told apart from the cluster's own messages. */
interface BusMessage {
  liveNote: LiveNote;
}

const isBusMessage = (message: unknown): message is BusMessage =>
  typeof message === "object" && message !== null && "liveNote" in message;

/** A worker's bus: delivered here at once, and through the primary to the other workers. */
export function createWorkerBus(): LiveBus {
  let deliver: (note: LiveNote) => void = () => undefined;
  const onMessage = (message: unknown) => {
    if (isBusMessage(message)) deliver(message.liveNote);
  };
  process.on("message", onMessage);
  return {
    publish(note) {
      deliver(note);
      // While the worker drains, the primary may already be gone; the note then has nobody to reach.
      if (process.connected) process.send?.({ liveNote: note } satisfies BusMessage);
    },
    subscribe(receiver) {
      deliver = receiver;
    },
    close() {
      deliver = () => undefined;
      process.off("message", onMessage);
    },
  };
}

/** The primary's part: each note a worker publishes goes to every other live worker. */
export function relayLiveNotes(from: Worker, workers: () => Iterable<Worker>): void {
  from.on("message", (message: unknown) => {
    if (!isBusMessage(message)) return;
    for (const worker of workers()) {
      if (worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}

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

  return {
    publish(note) {
      deliver(note);
      const payload = JSON.stringify({ from: self, note } satisfies NotifiedNote);
      client?.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch((err: Error) => log(`live bus: ${err.message}`));
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
