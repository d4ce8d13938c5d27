// Password hashing with scrypt, a random salt per password, compared in constant time. The
// stored form names its parameters, so a cheaper old hash is still checked and replaced at
// the next sign-in. Hashes run on Node's thread pool, which file reads and compression
// share: at most a few run at once, a few more wait, and the rest are refused as busy.
import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { ApiFail, CODE } from "../api/envelope";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's password storage cheat sheet: N=2^17, r=8, p=1 (128 MiB, about 0.1 to 0.3 s). */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses more than maxmem (32 MiB by default).
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function parse(stored: string): { cost: ScryptCost; salt: string; hash: string } | null {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || !salt || !hash || ![cost.N, cost.r, cost.p].every(Number.isSafeInteger)) return null;
  return { cost, salt, hash };
}

export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, "base64");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(parsed.salt, "base64"), expected.length, parsed.cost);
  return timingSafeEqual(key, expected);
}

/** A stored hash cheaper than the cost in force: replace it once the password is known. */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

export interface HashSlots {
  /** Hashes running at once (each holds a core, and one thread of Node's pool of 4). */
  running: number;
  /** Hashes that may wait for a slot; beyond them a call is refused as busy. */
  waiting: number;
}

/**
 * A hash keeps a core busy for 0.1 s or more: at most half the cores hash at once, so the
 * event loop keeps one (on two cores a flood of 40 sign-ins otherwise slowed a static file
 * from 5 ms to 2 s), and at most 2, so file reads and compression keep half of Node's pool of 4.
 */
export const DEFAULT_HASH_SLOTS: HashSlots = {
  running: Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2))),
  waiting: 8,
};

export interface Passwords {
  /** Throws ApiFail (HTTP 503) at once, before anything else happens, when no slot is free. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  needsRehash(stored: string): boolean;
  /** Costs as much as a real check, so an unknown account answers as slowly as a wrong password. */
  readonly dummyHash: string;
}

export function createPasswords(cost: ScryptCost, slots: HashSlots): Passwords {
  let running = 0;
  const queue: (() => void)[] = [];

  function enter<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots.running && queue.length >= slots.waiting) throw new ApiFail(CODE.fullFail, "refusal.busy", 503);
    const start = (): Promise<T> => {
      running++;
      return task().finally(() => {
        running--;
        queue.shift()?.();
      });
    };
    if (running < slots.running) return start();
    return new Promise<T>((resolve, reject) => queue.push(() => start().then(resolve, reject)));
  }

  return {
    hash: (password) => enter(() => hashPassword(password, cost)),
    verify: (password, stored) => enter(() => verifyPassword(password, stored)),
    needsRehash: (stored) => needsRehash(stored, cost),
    dummyHash: `scrypt$${cost.N}$${cost.r}$${cost.p}$${"A".repeat(22)}==$${"A".repeat(86)}==`,
  };
}
