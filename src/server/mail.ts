// Mails (verification, password reset, QR) go to the outbox table, and a line naming their
// kind to the log; the demo store sends nothing. Outside production /dev/outbox lists them.
import { createHash } from "node:crypto";
import type { Db } from "./db/open";

export interface Mail {
  /** What the mail is for ("verify", "reset", "order", …): the log names it instead of its contents. */
  kind: string;
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

/** Which address a mail went to, for a log line: the same one hashes the same, and no line names it. */
export function recipientHash(to: string): string {
  return createHash("sha256").update(to).digest("hex").slice(0, 16);
}

export function createMailer(db: Db, clock: () => number, log: (line: string) => void): Mailer {
  const insert = db.prepare("INSERT INTO outbox (recipient, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?)");
  const recent = db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND created_at > ?");
  return {
    recentTo: (to) => (recent.get(to, clock() - 3600_000) as { n: number }).n,
    send(mail) {
      insert.run(mail.to, mail.subject, mail.body, mail.link, clock());
      // Never the address, a code or a link: a verification link signs its holder in, and logs
      // travel further than the outbox (issue #48). /dev/outbox shows a tester the mail itself.
      log(`mail ${mail.kind} to ${recipientHash(mail.to)}`);
    },
  };
}
