// Work the server does outside any request: the purge on its timer, and opening the database at
// start. A database that is locked or down makes such work fail; it is logged and tried again,
// and never ends the process (issue 48: an uncaught purge error killed every worker).
import { isDatabaseUnavailable } from "./db/unavailable";

/** A failed run is tried again after this long, or after its period when that is shorter. */
const RETRY_MS = 5_000;
/** Opening the database is tried again after 1 s, then twice as long each time, up to this. */
const MAX_OPEN_WAIT_MS = 10_000;

export interface Periodic {
  stop(): void;
}

/** Runs `run` now and every `periodMs`; a run that throws is logged and tried again sooner. */
export function everyPeriod(name: string, periodMs: number, run: () => void, log: (line: string) => void): Periodic {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    let next = periodMs;
    try {
      run();
    } catch (err) {
      next = Math.min(periodMs, RETRY_MS);
      log(`${name} failed, trying again in ${next} ms: ${(err as Error).message}`);
    }
    if (stopped) return;
    timer = setTimeout(tick, next);
    timer.unref();
  };
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * `open()`'s result, once it succeeds: while it fails because the database is unavailable
 * (locked, stopped, unreachable), each failure is logged and tried again after a growing wait;
 * any other failure is thrown.
 */
export async function whenAvailable<T>(name: string, open: () => T | Promise<T>, log: (line: string) => void): Promise<T> {
  for (let wait = 1000; ; wait = Math.min(MAX_OPEN_WAIT_MS, wait * 2)) {
    try {
      return await open();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      log(`${name} is unavailable, trying again in ${wait} ms: ${(err as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
