// Whether a database error means the database cannot be reached or locked for now (worth
// waiting for and trying again), rather than a fault that trying again cannot mend (a bad
// statement, a broken migration).

/** SQLite's busy and locked codes; PostgreSQL's SQLSTATEs of a server shutting down, starting or unreachable. */
const CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"]);
/** The same told only in the message: errors from the PostgreSQL bridge's thread arrive with their message. */
const MESSAGES =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|Connection terminated|connection was lost|database system is (starting up|shutting down|in recovery)|the database system is not yet accepting|database is locked/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === "string" && CODES.has(code)) || MESSAGES.test(String(message ?? ""));
}
