// The customer's address book; one default address at most.
import type * as T from "../../../../generated/types";
import type { Db } from "../../db/open";
import { fail } from "../envelope";
import { defineCall } from "../register";

const MAX_ADDRESSES = 50;

function list(db: Db, userId: number): T.Address[] {
  const rows = db
    .prepare("SELECT id, data_json, is_default FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id")
    .all(userId) as {
    id: number;
    data_json: string;
    is_default: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    ...(JSON.parse(r.data_json) as Omit<T.Address, "id" | "isDefault">),
    isDefault: r.is_default === 1,
  }));
}

export const addressCalls = [
  defineCall("address/list", "required", (ctx) => ({ items: list(ctx.deps.db, ctx.user!.id) })),

  defineCall("address/save", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const { id, isDefault, ...fields } = ctx.body;
    const userId = ctx.user!.id;
    const savedId = db.transaction(() => {
      const existing = db.prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?").get(userId) as { n: number };
      const makeDefault = isDefault === true || existing.n === 0;
      if (makeDefault) db.prepare("UPDATE addresses SET is_default = 0 WHERE user_id = ?").run(userId);
      if (id !== undefined) {
        const changed = db
          .prepare(`UPDATE addresses SET data_json = ?${makeDefault ? ", is_default = 1" : ""} WHERE id = ? AND user_id = ?`)
          .run(JSON.stringify(fields), id, userId);
        if (changed.changes === 0) fail("The address was not found.");
        return id;
      }
      if (existing.n >= MAX_ADDRESSES) fail(`At most ${MAX_ADDRESSES} addresses.`);
      return Number(
        db
          .prepare("INSERT INTO addresses (user_id, data_json, is_default, created_at) VALUES (?, ?, ?, ?)")
          .run(userId, JSON.stringify(fields), makeDefault ? 1 : 0, clock()).lastInsertRowid,
      );
    })();
    return list(db, userId).find((a) => a.id === savedId)!;
  }),

  defineCall("address/delete", "required", (ctx) => {
    const { db } = ctx.deps;
    db.transaction(() => {
      const row = db.prepare("SELECT is_default FROM addresses WHERE id = ? AND user_id = ?").get(ctx.body.id, ctx.user!.id) as
        | { is_default: number }
        | undefined;
      if (!row) fail("The address was not found.");
      db.prepare("DELETE FROM addresses WHERE id = ?").run(ctx.body.id);
      // The oldest remaining address becomes the default.
      if (row.is_default) {
        db.prepare("UPDATE addresses SET is_default = 1 WHERE id = (SELECT MIN(id) FROM addresses WHERE user_id = ?)").run(
          ctx.user!.id,
        );
      }
    })();
    return {};
  }),
];
