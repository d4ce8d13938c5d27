// Small helpers the call modules share.
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/open";
import { randomBytes } from "node:crypto";

export const EMAIL = /^[\w-]+(\.[\w-]+)*@[\w-]+(\.[\w-]+)+$/;
export const PHONE = /^\+?[1-9]\d{1,14}$/;

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
