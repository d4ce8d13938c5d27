// The PostgreSQL side of the synchronous bridge (bridge.ts): a worker thread that owns the
// `pg` clients of its process and runs each request while the main thread waits for the answer
// (synckit, Atomics.wait). Plain JavaScript, so that it runs as it is beside the sources and the
// server bundle alike (a worker thread gets no TypeScript loader).
import pg from "pg";
import { runAsWorker } from "synckit";

// Numbers as SQLite answers them: 64-bit integers (COUNT, SUM, BIGINT columns) and numerics
// as JavaScript numbers rather than strings, booleans as 0 and 1.
const PARSERS = new Map([
  [pg.types.builtins.INT8, Number],
  [pg.types.builtins.NUMERIC, Number],
  [pg.types.builtins.BOOL, (value) => (value === "t" ? 1 : 0)],
]);
const types = {
  getTypeParser: (oid, format) => PARSERS.get(oid) ?? pg.types.getTypeParser(oid, format),
};

const clients = new Map();
let nextId = 1;

function clientOf(id) {
  const client = clients.get(id);
  if (!client) throw new Error(`no open PostgreSQL connection ${id}`);
  return client;
}

runAsWorker(async (request) => {
  switch (request.op) {
    case "open": {
      const client = new pg.Client({ connectionString: request.url, types });
      // A connection the server lost fails the statements that use it; it must not end the process.
      client.on("error", () => undefined);
      await client.connect();
      const id = nextId++;
      clients.set(id, client);
      return id;
    }
    case "query": {
      const result = await clientOf(request.id).query({
        text: request.sql,
        values: request.params,
        ...(request.pluck ? { rowMode: "array" } : {}),
      });
      const rows = request.pluck ? result.rows.map((row) => row[0]) : result.rows;
      return { rows, rowCount: result.rowCount ?? 0 };
    }
    case "exec":
      await clientOf(request.id).query(request.sql);
      return null;
    case "close": {
      const client = clients.get(request.id);
      clients.delete(request.id);
      await client?.end();
      return null;
    }
    default:
      throw new Error(`unknown request ${request.op}`);
  }
});
