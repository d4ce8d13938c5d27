// Small helpers the call modules share.

import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { COMMON_FIELDS_PATTERNS } from "../../../../generated/constants";
import type { Db } from "../../db/open";
import type { RateLimiter, RateLimits } from "../../rate-limit";

// The patterns of schemas/common/fields.schema.json (the "u" flag, as ajv compiles them), for
// checks the schemas cannot express, such as an account that is an email or a mobile number.
export const EMAIL = new RegExp(COMMON_FIELDS_PATTERNS.email, "u");
export const PHONE = new RegExp(COMMON_FIELDS_PATTERNS.phone, "u");
export const VISITOR_ID = new RegExp(COMMON_FIELDS_PATTERNS.visitorId, "u");

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const iso = (ms: number) => new Date(ms).toISOString();
/** The UTC calendar day of a moment, YYYY-MM-DD: what the store's dates (promotions, coupons) are compared with. */
export const utcDay = (ms: number) => iso(ms).slice(0, 10);

/** A readable unique number: prefix, date, and 6 random characters. */
export function serialNumber(prefix: string, now: number): string {
  const date = new Date(now).toISOString().slice(0, 10).replace(/-/g, "");
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join("");
  return `${prefix}${date}${random}`;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip ?? "";
}

export function paging(body: { page?: number; pageSize?: number }) {
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function count(db: Db, sql: string, ...params: unknown[]): number {
  return (db.prepare(sql).get(...params) as { n: number }).n;
}

type VisitorCall = { request: FastifyRequest; visitorId: string; deps: { limits: RateLimiter } };

/**
 * Spends one request of a visitor's bucket and one of its address's (a visitor without an id
 * counts as its address). `who` names the bucket instead when a call knows better (a cart's owner).
 */
export function limitVisitor(
  ctx: VisitorCall,
  perVisitor: keyof RateLimits,
  perAddress: keyof RateLimits,
  who?: () => string,
): void {
  const ip = clientIp(ctx.request);
  ctx.deps.limits.require(perAddress, ip);
  ctx.deps.limits.require(perVisitor, who ? who() : ctx.visitorId || `ip ${ip}`);
}

/** Anonymous writes (tracking, the newsletter, QR tickets) are limited per visitor and per address. */
export function limitAnonymousWrite(ctx: VisitorCall): void {
  limitVisitor(ctx, "anonymousWrite", "anonymousWriteIp");
}
