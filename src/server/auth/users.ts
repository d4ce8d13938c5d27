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
