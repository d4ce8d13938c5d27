// Carries live-channel notes between the processes of one server, so that a frame meant for a
// visitor or a customer reaches the socket whichever process holds it. One process: a direct
// call. Worker processes (node:cluster): each note goes to the primary, which hands it to every
// other worker. Instances on a shared PostgreSQL database: live-bus-postgres.ts.
import type { Worker } from "node:cluster";
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
