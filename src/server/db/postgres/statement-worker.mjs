// The PostgreSQL side of the synchronous bridge (bridge.ts): a worker thread that owns the
// `pg` clients of its process and runs each request while the main thread waits for the answer
// (synckit, Atomics.wait). Plain JavaScript, so that it runs as it is beside the sources and the
// server bundle alike (a worker thread gets no TypeScript loader).
//
// A lost connection (the database restarted, a proxy cut it) fails the statement under way;
// the next one connects again and repeats the connection's setup. A transaction cannot move to
// a new connection (the database rolled it back when the old one ended): its statements fail
// until the bridge's ROLLBACK ends it.
import pg from "pg";
import { runAsWorker } from "synckit";

// Numbers as SQLite answers them: 64-bit integers (COUNT, SUM, BIGINT columns) and numerics
// as JavaScript numbers rather than strings, booleans as 0 and 1.
const PARSERS = new Map(
  /** @type {[number, (value: string) => unknown][]} */ ([
    [pg.types.builtins.INT8, Number],
    [pg.types.builtins.NUMERIC, Number],
    [pg.types.builtins.BOOL, (/** @type {string} */ value) => (value === "t" ? 1 : 0)],
  ]),
);
/** @type {import("pg").CustomTypesConfig} */
const types = {
  /** @type {typeof pg.types.getTypeParser} */
  getTypeParser: (oid, format) => PARSERS.get(oid) ?? pg.types.getTypeParser(oid, format),
};

/**
 * An open connection: its setup statements, run again on every new client.
 * @typedef {{ url: string, setup: string[], client: import("pg").Client | null, lost: boolean, inTransaction: boolean }} Connection
 */

/** @type {Map<number, Connection>} */
const connections = new Map();
let nextId = 1;

/** @param {Connection} connection */
async function connect(connection) {
  const client = new pg.Client({ connectionString: connection.url, types });
  // A connection the server lost fails the statements that use it; it must not end the process.
  const lose = () => {
    if (connection.client === client) connection.lost = true;
  };
  client.on("error", lose);
  client.on("end", lose);
  await client.connect();
  for (const sql of connection.setup) await client.query(sql);
  connection.client = client;
  connection.lost = false;
}

/** @param {number} id */
function connectionOf(id) {
  const connection = connections.get(id);
  if (!connection) throw new Error(`no open PostgreSQL connection ${id}`);
  return connection;
}

/**
 * The connection's client, connected again first if it was lost outside a transaction.
 * @param {Connection} connection
 * @returns {Promise<import("pg").Client>}
 */
async function clientOf(connection) {
  if (connection.lost) {
    if (connection.inTransaction) throw new Error("the database connection was lost during this transaction");
    connection.client?.end().catch(() => undefined);
    await connect(connection);
  }
  // Connected when opened, and again above.
  return /** @type {import("pg").Client} */ (connection.client);
}

/** SQLSTATEs of a connection the server ended (admin shutdown, crash, cannot connect now) or that broke. */
const LOST = new Set(["57P01", "57P02", "57P03", "08000", "08003", "08006"]);

/**
 * Runs `sql` on the connection, marking it lost when the failure says the connection is gone.
 * @param {Connection} connection
 * @param {import("pg").Client} client
 * @param {string | import("pg").QueryConfig} query
 */
async function run(connection, client, query) {
  try {
    return await client.query(query);
  } catch (caught) {
    const err = /** @type {{ code?: string, message?: string } | null | undefined} */ (caught);
    if (LOST.has(err?.code ?? "") || /Connection terminated|not queryable|ECONNRESET|EPIPE/.test(String(err?.message))) {
      connection.lost = true;
    }
    throw caught;
  }
}

const BEGIN = /^\s*BEGIN\b/i;
const END = /^\s*(COMMIT|ROLLBACK)\s*$/i;

runAsWorker(async (/** @type {import("./bridge").Request} */ request) => {
  switch (request.op) {
    case "open": {
      /** @type {Connection} */
      const connection = { url: request.url, setup: request.setup ?? [], client: null, lost: false, inTransaction: false };
      await connect(connection);
      const id = nextId++;
      connections.set(id, connection);
      return id;
    }
    case "query": {
      const connection = connectionOf(request.id);
      const client = await clientOf(connection);
      const result = await run(connection, client, {
        text: request.sql,
        values: request.params,
        ...(request.pluck ? { rowMode: "array" } : {}),
      });
      const rows = request.pluck ? result.rows.map((row) => row[0]) : result.rows;
      return { rows, rowCount: result.rowCount ?? 0 };
    }
    case "exec": {
      const connection = connectionOf(request.id);
      const end = END.exec(request.sql)?.[1]?.toUpperCase();
      if (end && connection.lost && connection.inTransaction) {
        connection.inTransaction = false;
        // The database rolled the transaction back when the connection ended.
        if (end === "ROLLBACK") return null;
        throw new Error("the database connection was lost before this transaction committed");
      }
      const client = await clientOf(connection);
      if (BEGIN.test(request.sql)) {
        try {
          await run(connection, client, request.sql);
        } catch (err) {
          // BEGIN with the lock that follows it: a lock that timed out must not leave the transaction open.
          await client.query("ROLLBACK").catch(() => undefined);
          throw err;
        }
        connection.inTransaction = true;
        return null;
      }
      try {
        await run(connection, client, request.sql);
      } finally {
        if (end) connection.inTransaction = false;
      }
      return null;
    }
    case "close": {
      const connection = connections.get(request.id);
      connections.delete(request.id);
      await connection?.client?.end().catch(() => undefined);
      return null;
    }
    default:
      throw new Error(`unknown request ${/** @type {{ op: string }} */ (request).op}`);
  }
});
