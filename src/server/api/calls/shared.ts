// Small helpers the call modules share.
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/open";
import { randomBytes } from "node:crypto";
import fields from "../../../../schemas/common/fields.schema.json";

// The patterns of schemas/common/fields.schema.json (the "u" flag, as ajv compiles them), for
// checks the schemas cannot express, such as an account that is an email or a mobile number.
const { email, phone, visitorId } = fields.definitions;
export const EMAIL = new RegExp(email.pattern, "u");
export const PHONE = new RegExp(phone.pattern, "u");
export const VISITOR_ID = new RegExp(visitorId.pattern, "u");

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const iso = (ms: number) => new Date(ms).toISOString();

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
