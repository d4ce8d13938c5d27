// The signed-in shopper the theme editor shows account pages as, when the author is not signed
// in on this origin: an account of its own (no password opens it: its hash is no hash), with a
// session kept while the server runs.
import { digest, issueToken, TOKEN_TTL_MS } from "../../auth/tokens";
import type { Db } from "../../db/open";
import type { Viewer } from "../../pages/resolve";

export const TEST_SHOPPER_EMAIL = "theme-editor@example.test";

const sessions = new WeakMap<Db, { viewer: Viewer; expiresAt: number }>();

/** The test shopper's viewer, its account made on first use. */
export function testShopper(db: Db, now: number): Viewer {
  const kept = sessions.get(db);
  if (kept && kept.expiresAt > now) return kept.viewer;
  const userId = db.transaction(() => {
    const found = db.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?").get(TEST_SHOPPER_EMAIL);
    if (found) return found.id;
    return Number(
      db
        .prepare(
          "INSERT INTO users (email, password_hash, first_name, last_name, nickname, email_verified, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)",
        )
        .run(TEST_SHOPPER_EMAIL, "!", "Theme", "Editor", "Theme editor", now).lastInsertRowid,
    );
  })();
  const token = issueToken(db, userId, now, { ip: "127.0.0.1", userAgent: "theme editor", method: "email" });
  const viewer = { userId, tokenHash: digest(token) };
  sessions.set(db, { viewer, expiresAt: now + TOKEN_TTL_MS / 2 });
  return viewer;
}
