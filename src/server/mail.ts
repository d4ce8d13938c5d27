// Mails (verification, password reset, QR) go to the outbox table and the console; the
// demo store sends nothing. Outside production /dev/outbox lists them.
import type { Db } from "./db/open";

export interface Mail {
  to: string;
  subject: string;
  body: string;
  link: string;
}

export interface Mailer {
  send(mail: Mail): void;
  /** Mails sent to this address in the last hour, so callers can refuse to flood an inbox. */
  recentTo(to: string): number;
}

export const MAILS_PER_HOUR = 5;

export function createMailer(db: Db, clock: () => number, log: (line: string) => void): Mailer {
  const insert = db.prepare("INSERT INTO outbox (recipient, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?)");
  const recent = db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND created_at > ?");
  return {
    recentTo: (to) => (recent.get(to, clock() - 3600_000) as { n: number }).n,
    send(mail) {
      insert.run(mail.to, mail.subject, mail.body, mail.link, clock());
      log(`mail to ${mail.to}: ${mail.subject} ${mail.link}`);
    },
  };
}
