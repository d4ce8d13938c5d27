// Token buckets per (limit, key), in memory: each key may spend `burst` requests at once,
// refilled at `perMinute`. Full buckets are forgotten, so memory follows the keys that are
// actually busy, and an overall cap keeps a flood of fresh keys bounded too.
import { ApiFail, CODE } from "./api/envelope";

export interface Rate {
  burst: number;
  perMinute: number;
}

export interface RateLimits {
  /** Sign-in attempts per address. */
  signin: Rate;
  /** Sign-ups per address. */
  signup: Rate;
  /** Password reset mails and resets per address. */
  reset: Rate;
  /** Sign-in codes and sign-up links asked for while signed out, per address. */
  authMail: Rate;
  /** Anonymous writes (tracking, durations, newsletter, QR tickets) per visitor. */
  anonymousWrite: Rate;
  /** The same writes per address, whichever visitor ids it makes up. */
  anonymousWriteIp: Rate;
  /** A signed-in shopper's content writes (own articles and their images) per account. */
  accountWrite: Rate;
  /** Comments under articles per account. */
  comment: Rate;
  /** Comments under articles per address, whichever accounts post from it. */
  commentIp: Rate;
  /** Quote requests and feedback messages per visitor (each mails the shop and the sender). */
  contactForm: Rate;
  /** The same per address, whichever visitor ids it makes up. */
  contactFormIp: Rate;
  /** Search suggestions (one per pause in typing) per visitor. */
  suggest: Rate;
  /** The same per address. */
  suggestIp: Rate;
}

export const DEFAULT_LIMITS: RateLimits = {
  signin: { burst: 30, perMinute: 30 },
  signup: { burst: 30, perMinute: 10 },
  reset: { burst: 10, perMinute: 10 },
  authMail: { burst: 20, perMinute: 10 },
  anonymousWrite: { burst: 30, perMinute: 20 },
  anonymousWriteIp: { burst: 120, perMinute: 120 },
  accountWrite: { burst: 20, perMinute: 10 },
  comment: { burst: 5, perMinute: 2 },
  commentIp: { burst: 20, perMinute: 10 },
  contactForm: { burst: 5, perMinute: 2 },
  contactFormIp: { burst: 20, perMinute: 10 },
  suggest: { burst: 60, perMinute: 120 },
  suggestIp: { burst: 240, perMinute: 480 },
};

export const LIMITED_MESSAGE = "Too many requests. Try again in a minute.";
const MAX_KEYS = 100_000;

export interface RateLimiter {
  /** Spends one request of `key` under `limit`; false when the bucket is empty. */
  take(limit: keyof RateLimits, key: string): boolean;
  /** take(), failing the call with HTTP 429 when the bucket is empty. */
  require(limit: keyof RateLimits, key: string): void;
}

export function createRateLimiter(limits: RateLimits, clock: () => number): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();

  function forgetFull(now: number) {
    for (const [key, bucket] of buckets) {
      const rate = limits[key.slice(0, key.indexOf(" ")) as keyof RateLimits];
      if (bucket.tokens + ((now - bucket.at) * rate.perMinute) / 60_000 >= rate.burst) buckets.delete(key);
    }
    // Still too many busy keys: drop the oldest rather than grow without end.
    for (const key of buckets.keys()) {
      if (buckets.size <= MAX_KEYS / 2) break;
      buckets.delete(key);
    }
  }

  function take(limit: keyof RateLimits, key: string): boolean {
    const rate = limits[limit];
    const now = clock();
    const id = `${limit} ${key}`;
    if (buckets.size >= MAX_KEYS) forgetFull(now);
    const bucket = buckets.get(id) ?? { tokens: rate.burst, at: now };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((now - bucket.at) * rate.perMinute) / 60_000);
    bucket.at = now;
    buckets.set(id, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  return {
    take,
    require(limit, key) {
      if (!take(limit, key)) throw new ApiFail(CODE.fullFail, LIMITED_MESSAGE, 429);
    },
  };
}
