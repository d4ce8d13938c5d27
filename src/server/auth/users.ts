// The users table as the API shows it (UserInfo), with the order figures the account
// pages show.
import type { UserInfo } from "../../../generated/types";
import type { Db } from "../db/open";

export interface UserRow {
  id: number;
  email: string | null;
  country_code: string | null;
  mobile: string | null;
  password_hash: string;
  first_name: string;
  last_name: string;
  nickname: string;
  avatar: string;
  bio: string;
  birthday: string;
  email_verified: number;
  mobile_verified: number;
  credits: number;
  created_at: number;
  last_login_at: number | null;
  /** The visitor that chose the password at sign-up, until the address is first proven. */
  password_set_by: string | null;
}

/** A password hash no password matches: an account without a password signs in by code or link, or sets one by reset. */
export const NO_PASSWORD = "";

/**
 * The first proof that an account's address is its owner's (its sign-up link, a sign-in code): a
 * password chosen at sign-up by another browser than the one proving it was not the owner's (an
 * account registered in advance with their address) and is dropped, and every session of the
 * account ends, since the owner started none; an account that was ever signed in is its owner's
 * already. Called in the transaction that marks the address
 * proven; a reset replaces the password and ends the sessions itself.
 */
export function claimAccount(db: Db, userId: number, visitorId: string | undefined): void {
  const user = userById(db, userId);
  // Signed in before (an account from before sign-up required the link): its owner chose the password.
  if (!user || user.email_verified || user.mobile_verified || user.last_login_at !== null) return;
  if (user.password_set_by !== (visitorId ?? null)) {
    db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(NO_PASSWORD, userId);
  }
  db.prepare("UPDATE users SET password_set_by = NULL WHERE id = ?").run(userId);
  db.prepare("DELETE FROM tokens WHERE user_id = ?").run(userId);
}

export function userById(db: Db, id: number): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
}

export function userInfo(db: Db, user: UserRow): UserInfo {
  const stats = db
    .prepare(
      `SELECT COUNT(*) AS orders,
              COALESCE(SUM(CASE WHEN pay_status = 'paid' THEN pay_amount ELSE 0 END), 0) AS paid,
              COALESCE(SUM(CASE WHEN status != 'cancelled' THEN pay_amount ELSE 0 END), 0) AS spent,
              COALESCE(SUM(CASE WHEN pay_status = 'unpaid' AND status = 'in_progress' THEN 1 ELSE 0 END), 0) AS unpaid
         FROM orders WHERE user_id = ?`,
    )
    .get(user.id) as { orders: number; paid: number; spent: number; unpaid: number };
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(" ");
  const info: UserInfo = {
    id: String(user.id),
    email: user.email ?? "",
    emailVerified: user.email_verified === 1,
    nickname: user.nickname,
    firstName: user.first_name,
    lastName: user.last_name,
    fullName,
    avatar: user.avatar,
    bio: user.bio,
    birthday: user.birthday,
    credits: user.credits,
    spendingAmount: Math.round(stats.spent * 100) / 100,
    paymentAmount: Math.round(stats.paid * 100) / 100,
    unpaidCount: stats.unpaid,
    orderCount: stats.orders,
  };
  if (user.mobile) {
    info.mobile = user.mobile;
    info.mobileVerified = user.mobile_verified === 1;
    if (user.country_code) info.countryCode = user.country_code;
  }
  if (user.last_login_at) info.lastLogin = new Date(user.last_login_at).toISOString();
  return info;
}
