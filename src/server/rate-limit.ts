// Token buckets per (limit, key): each key may spend `burst` requests at once, refilled at
// `perMinute`. The buckets are rows of the counters database (db/open.ts, openCounters), which
// every worker process of the server shares, so a limit holds whichever worker answers (it is
// not multiplied by the number of workers). A full bucket needs no row: rows are dropped once
// refilled, so the table follows the keys that are actually busy.
import { ApiFail, CODE } from "./api/envelope";
import type { Db } from "./db/open";

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
  /**
   * Every call made signed in, per account, whatever it is: a cap on what one account can ask of
   * the server (each call that mails, writes content or comments has its own, tighter limit too).
   */
  account: Rate;
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
  /** Cart changes (add, update, remove) per visitor: a shopper tapping + and − quickly stays well within it. */
  cartWrite: Rate;
  /** The same per address, whichever visitor ids it makes up (an office behind one address shops too). */
  cartWriteIp: Rate;
  /** Visitors' carts (signed out) created per address, whichever visitor ids it makes up. */
  newCartIp: Rate;
}

export const DEFAULT_LIMITS: RateLimits = {
  signin: { burst: 30, perMinute: 30 },
  signup: { burst: 30, perMinute: 10 },
  reset: { burst: 10, perMinute: 10 },
  authMail: { burst: 20, perMinute: 10 },
  anonymousWrite: { burst: 30, perMinute: 20 },
  anonymousWriteIp: { burst: 120, perMinute: 120 },
  // A page of the account area makes a handful of calls; a shopper clicking through it quickly stays well within.
  account: { burst: 120, perMinute: 240 },
  accountWrite: { burst: 20, perMinute: 10 },
  comment: { burst: 5, perMinute: 2 },
  commentIp: { burst: 20, perMinute: 10 },
  contactForm: { burst: 5, perMinute: 2 },
  contactFormIp: { burst: 20, perMinute: 10 },
  suggest: { burst: 60, perMinute: 120 },
  suggestIp: { burst: 240, perMinute: 480 },
  cartWrite: { burst: 60, perMinute: 120 },
  cartWriteIp: { burst: 600, perMinute: 1200 },
  // 60 an hour: a cookie-less client made 1,797 carts in a minute (issue 48 item 12).
  newCartIp: { burst: 60, perMinute: 1 },
};

/**
 * Every limit multiplied by `scale` (RATE_LIMIT_SCALE): for a load test whose thousands of
 * requests a second all come from one address, which the limits would otherwise refuse. The
 * limiter still runs, so what it costs is in the figures.
 */
export function scaledLimits(limits: RateLimits, scale: number): RateLimits {
  const scaled = (rate: Rate): Rate => ({ burst: rate.burst * scale, perMinute: rate.perMinute * scale });
  return Object.fromEntries(Object.entries(limits).map(([name, rate]) => [name, scaled(rate)])) as unknown as RateLimits;
}

/** Refilled buckets are dropped once every this many takes (one indexed delete). */
const SWEEP_EVERY = 1000;

export interface RateLimiter {
  /** Spends one request of `key` under `limit`; false when the bucket is empty. */
  take(limit: keyof RateLimits, key: string): boolean;
  /** take(), failing the call with HTTP 429 when the bucket is empty. */
  require(limit: keyof RateLimits, key: string): void;
}

export function createRateLimiter(limits: RateLimits, clock: () => number, counters: Db): RateLimiter {
  const read = counters.prepare("SELECT tokens, at FROM rate_buckets WHERE id = ?");
  const write = counters.prepare(
    `INSERT INTO rate_buckets (id, tokens, at, full_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET tokens = excluded.tokens, at = excluded.at, full_at = excluded.full_at`,
  );
  const sweep = counters.prepare("DELETE FROM rate_buckets WHERE full_at <= ?");
  let takes = 0;

  // One transaction, which takes the file's write lock first (openCounters): two workers
  // spending the same bucket at once are served one after the other.
  const spend = counters.transaction((id: string, rate: Rate, now: number): boolean => {
    const row = read.get(id) as { tokens: number; at: number } | undefined;
    const tokens = Math.min(rate.burst, row ? row.tokens + ((now - row.at) * rate.perMinute) / 60_000 : rate.burst);
    const left = tokens >= 1 ? tokens - 1 : tokens;
    write.run(id, left, now, now + Math.ceil(((rate.burst - left) * 60_000) / rate.perMinute));
    return tokens >= 1;
  });

  function take(limit: keyof RateLimits, key: string): boolean {
    const now = clock();
    if (++takes % SWEEP_EVERY === 0) sweep.run(now);
    return spend(`${limit} ${key}`, limits[limit], now);
  }

  return {
    take,
    require(limit, key) {
      if (!take(limit, key)) throw new ApiFail(CODE.fullFail, "refusal.limited", 429);
    },
  };
}
