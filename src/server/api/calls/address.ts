// The customer's address book; one default address at most. Country and calling code must be
// entries of the table the browser's form offers (src/shared/countries.ts). Each change is
// written to the account's event log in its transaction.
import type * as T from "../../../../generated/types";
import { isCallingCode, isCountry } from "../../../shared/countries";
import { logEvent } from "../../account/log";
import type { Db } from "../../db/open";
import { fail } from "../envelope";
import { defineCall } from "../register";

const MAX_ADDRESSES = 50;

type Fields = Omit<T.Address, "id" | "isDefault">;

/** The saved address book of a shopper, default first (the address page renders it too). */
export function addressBook(db: Db, userId: number): T.Address[] {
  const rows = db
    .prepare("SELECT id, data_json, is_default FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id")
    .all(userId) as {
    id: number;
    data_json: string;
    is_default: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    ...(JSON.parse(r.data_json) as Fields),
    isDefault: r.is_default === 1,
  }));
}

/** One of the shopper's addresses, or a failed call. */
function ownAddress(db: Db, userId: number, id: number): { fields: Fields; isDefault: boolean } {
  const row = db.prepare("SELECT data_json, is_default FROM addresses WHERE id = ? AND user_id = ?").get(id, userId) as
    | { data_json: string; is_default: number }
    | undefined;
  if (!row) fail("refusal.address.notFound");
  return { fields: JSON.parse(row.data_json) as Fields, isDefault: row.is_default === 1 };
}

/** How the account log names an address: its recipient and city. */
function logName(address: Pick<Fields, "firstName" | "lastName" | "city">): string {
  return `${address.firstName} ${address.lastName}, ${address.city}`.slice(0, 200);
}

function makeDefault(db: Db, userId: number, id: number): void {
  db.prepare("UPDATE addresses SET is_default = 0 WHERE user_id = ?").run(userId);
  db.prepare("UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ?").run(id, userId);
}

export const addressCalls = [
  defineCall("address/list", "required", (ctx) => ({ items: addressBook(ctx.deps.db, ctx.user!.id) })),

  defineCall("address/save", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const { id, isDefault, ...fields } = ctx.body;
    if (!isCountry(fields.country)) fail("refusal.address.country");
    if (!isCallingCode(fields.countryCode)) fail("refusal.address.callingCode");
    const userId = ctx.user!.id;
    const savedId = db.transaction(() => {
      const existing = db.prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?").get(userId) as { n: number };
      let saved: number;
      if (id !== undefined) {
        ownAddress(db, userId, id);
        db.prepare("UPDATE addresses SET data_json = ? WHERE id = ?").run(JSON.stringify(fields), id);
        saved = id;
      } else {
        if (existing.n >= MAX_ADDRESSES) fail("refusal.address.tooMany", { max: MAX_ADDRESSES });
        saved = Number(
          db
            .prepare("INSERT INTO addresses (user_id, data_json, is_default, created_at) VALUES (?, ?, 0, ?)")
            .run(userId, JSON.stringify(fields), clock()).lastInsertRowid,
        );
      }
      // The first address is the default whatever was asked.
      if (isDefault === true || existing.n === 0) makeDefault(db, userId, saved);
      logEvent(db, userId, id !== undefined ? "address.updated" : "address.added", { name: logName(fields) }, clock());
      return saved;
    })();
    return addressBook(db, userId).find((a) => a.id === savedId)!;
  }),

  defineCall("address/setDefault", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const userId = ctx.user!.id;
    db.transaction(() => {
      const { fields } = ownAddress(db, userId, ctx.body.id);
      makeDefault(db, userId, ctx.body.id);
      logEvent(db, userId, "address.default", { name: logName(fields) }, clock());
    })();
    return { items: addressBook(db, userId) };
  }),

  defineCall("address/delete", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const userId = ctx.user!.id;
    db.transaction(() => {
      const { fields, isDefault } = ownAddress(db, userId, ctx.body.id);
      db.prepare("DELETE FROM addresses WHERE id = ?").run(ctx.body.id);
      // The oldest remaining address becomes the default.
      if (isDefault) {
        db.prepare("UPDATE addresses SET is_default = 1 WHERE id = (SELECT MIN(id) FROM addresses WHERE user_id = ?)").run(
          userId,
        );
      }
      logEvent(db, userId, "address.deleted", { name: logName(fields) }, clock());
    })();
    return {};
  }),
];
