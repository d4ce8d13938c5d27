// The primary process of `npm start` with several workers: forks them (node:cluster; they
// share the listening port and the primary hands each new connection to one of them),
// relays live-channel notes between them, restarts one that dies (waiting longer after each
// quick death, so a worker that cannot start does not loop), and on SIGTERM or SIGINT asks
// every worker to drain and exits once all have.
import cluster, { type Worker } from "node:cluster";
import { relayLiveNotes } from "./live-bus";

/** What the primary sends a worker to make it drain: close its listener and sockets, finish its requests, exit. */
export const DRAIN_MESSAGE = { drain: true } as const;

export const isDrainMessage = (message: unknown): boolean =>
  typeof message === "object" && message !== null && (message as { drain?: unknown }).drain === true;

/**
 * Each worker's V8 settings. The heap, in MB: with no limit V8 lets a busy worker's heap grow to
 * several times what it keeps alive (about 65 MB after a collection with a 50,000-product catalog
 * and full caches: the render cache, the product LRUs, the search results kept), and the
 * machine's memory is shared by every worker. Young objects (a page's render garbage) get 2 MB
 * semi-spaces rather than V8's 16. And the collector works on the worker's own thread: there is a
 * worker per core, so V8's helper threads only took time from the other workers, and a young
 * collection waited on them. Measured with the 50,000-product catalog (two workers, two cores),
 * the pauses of young collections came to about 340 µs per page rather than 510, and their
 * 99th percentile to 8-9 ms rather than 10-11. Flags the operator gives in NODE_OPTIONS or on
 * the command line win (`--no-single-threaded-gc` to give the helpers back).
 */
export const WORKER_V8_FLAGS = ["--max-old-space-size=128", "--max-semi-space-size=2", "--single-threaded-gc"] as const;

/**
 * glibc's malloc keeps an arena per thread that allocates (libuv's pool, V8's helpers), each
 * holding on to what it freed: two keep a worker's native memory near what it uses.
 * An operator's own setting wins.
 */
const WORKER_MALLOC_ARENAS = "2";

/** A V8 flag's name: "_" and "-" read alike, and `--no-x` sets the flag `--x`. */
const flagName = (arg: string): string =>
  arg
    .split("=")[0]!
    .replace(/_/g, "-")
    .replace(/^--no-/, "--");

/** The worker's Node flags: the primary's own, and each of WORKER_V8_FLAGS the operator did not set. */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map(flagName));
  return [...execArgv, ...WORKER_V8_FLAGS.filter((flag) => !given.has(flagName(flag)))];
}

/** A worker that lived less than this died "quickly": the next one waits longer. */
const STABLE_MS = 10_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;
/** Workers still running this long after the drain began are killed. */
const DRAIN_TIMEOUT_MS = 10_000;

export interface PrimaryOptions {
  workers: number;
  /** The module each worker runs (the server bundle's main). */
  exec: string;
  /** Added to each worker's environment (settings the primary fixed for all of them). */
  env: Record<string, string>;
  /** Once every worker listens: the port they share. */
  onListening(port: number): void;
}

export function runPrimary(options: PrimaryOptions): void {
  cluster.setupPrimary({ exec: options.exec, execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const running = new Set<Worker>();
  let listening = 0;
  let started = false;
  let stopping = false;
  let quickDeaths = 0;
  let unclean = false;
  let restart: NodeJS.Timeout | undefined;

  const fork = () => {
    restart = undefined;
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? WORKER_MALLOC_ARENAS, ...options.env });
    const bornAt = Date.now();
    running.add(worker);
    relayLiveNotes(worker, () => running);
    worker.once("listening", (address) => {
      if (!started && ++listening === options.workers) {
        started = true;
        options.onListening(address.port);
      }
    });
    worker.once("exit", (code, signal) => {
      running.delete(worker);
      if (stopping) {
        unclean ||= code !== 0;
        if (running.size === 0) process.exit(unclean ? 1 : 0);
        return;
      }
      if (!started) {
        // Every worker starts from the same files and settings: one that cannot start means none can.
        console.error(`a worker could not start (${signal ?? `exit code ${code}`}); stopping`);
        stopping = true;
        for (const other of running) other.process.kill("SIGKILL");
        process.exit(1);
      }
      quickDeaths = Date.now() - bornAt < STABLE_MS ? quickDeaths + 1 : 0;
      const delay = quickDeaths === 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (quickDeaths - 1));
      console.error(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); a new one starts in ${delay} ms`);
      restart = setTimeout(fork, delay);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(restart);
    if (running.size === 0) process.exit(0);
    for (const worker of running) if (worker.isConnected()) worker.send(DRAIN_MESSAGE);
    setTimeout(() => {
      for (const worker of running) worker.process.kill("SIGKILL");
    }, DRAIN_TIMEOUT_MS).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  for (let i = 0; i < options.workers; i++) fork();
}
