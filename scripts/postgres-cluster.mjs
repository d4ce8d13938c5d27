// A throwaway PostgreSQL cluster, for tests and the benchmark: Debian's binaries (apt-get
// install postgresql) initialize one in a temporary directory and serve it on a random port and
// a unix socket there, until `stop`. PostgreSQL refuses to run as root, so as root the binaries
// run as the `postgres` user, which owns the directory. Where no binaries are installed,
// `postgresBinaries` says why, for the callers to skip with.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DEBIAN_ROOT = "/usr/lib/postgresql";

/**
 * A throwaway cluster's handle.
 * @typedef {object} PostgresCluster
 * @property {(database?: string) => string} url A connection string to a database of its own (`createDatabase`) or to `postgres`.
 * @property {() => string} createDatabase Creates an empty database and answers its connection string.
 * @property {() => void} halt Stops the server as an outage would, keeping its data; `resume` starts it again.
 * @property {() => void} resume
 * @property {() => void} stop
 */

/**
 * The newest installed PostgreSQL's bin directory, or why there is none.
 * @returns {{ bin: string } | { missing: string }}
 */
export function postgresBinaries() {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((v) => existsSync(join(DEBIAN_ROOT, v, "bin/initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined)
    return { missing: `PostgreSQL is not installed (no ${DEBIAN_ROOT}/*/bin/initdb): apt-get install postgresql` };
  return { bin: join(DEBIAN_ROOT, newest, "bin") };
}

/** @returns {Promise<number>} */
async function freePort() {
  const server = createServer();
  await /** @type {Promise<void>} */ (new Promise((done) => server.listen(0, "127.0.0.1", done)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  await new Promise((done) => server.close(done));
  return port;
}

let databases = 0;

/**
 * @param {string} bin the bin directory `postgresBinaries` found
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgres(bin) {
  const dir = mkdtempSync(join(tmpdir(), "store-pg-"));
  const asRoot = process.getuid?.() === 0;
  // As root: the binaries run as `postgres`, which must own the directory and reach it.
  /** @param {string} command @param {string[]} args */
  const run = (command, args) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, command), ...args]] : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const gid = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(dir, Number(uid), Number(gid));
    chmodSync(dir, 0o755);
  }
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run("pg_ctl", ["start", "-w", "-D", data, "-l", join(dir, "log"), "-o", serverOptions]);
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    createDatabase() {
      databases += 1;
      const name = `store_${process.pid}_${databases}`;
      run("createdb", ["-h", dir, "-p", String(port), "-U", "postgres", name]);
      return url(name);
    },
    /** Stops the server, as an outage would (its connections are cut), keeping its data for `resume`. */
    halt() {
      run("pg_ctl", ["stop", "-w", "-D", data, "-m", "fast"]);
    },
    resume() {
      run("pg_ctl", ["start", "-w", "-D", data, "-l", join(dir, "log"), "-o", serverOptions]);
    },
    stop() {
      try {
        run("pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
