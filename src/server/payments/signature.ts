// The webhook's signature, as the demo provider writes it and as the shop checks it (the
// scheme Stripe and others use): header `x-pay-signature: t={unix seconds},v1={hex}` where
// hex is HMAC-SHA256 over `{t}.{raw body}` with the shared secret. The timestamp inside the
// signed text stops an old, captured delivery from being replayed later.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-pay-signature";
/** How old (or how far ahead) a delivery may be, in seconds. */
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(secret: string, body: string | Buffer, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.`).update(body).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

export type SignatureCheck = "ok" | "missing" | "bad" | "stale";

export function checkSignature(secret: string, body: Buffer, header: string | undefined, nowMs: number): SignatureCheck {
  if (!header) return "missing";
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get("t") ?? "";
  const v1 = parts.get("v1") ?? "";
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return "bad";
  // The MAC first: a stale answer must not tell a forger that the signature itself was right.
  const expected = Buffer.from(signPayload(secret, body, Number(t)).slice(`t=${t},v1=`.length), "hex");
  if (!timingSafeEqual(expected, Buffer.from(v1, "hex"))) return "bad";
  if (Math.abs(nowMs / 1000 - Number(t)) > SIGNATURE_TOLERANCE_S) return "stale";
  return "ok";
}
