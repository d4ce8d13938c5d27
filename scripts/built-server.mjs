// Starts the built store server (dist/server/main.js) on a free port on 127.0.0.1, for the
// benchmark and the attack script. `url` resolves once it says where it listens; `stop` works
// at once, even before that; `pid` is the server's process (the primary when it runs workers),
// `process` the child itself, for a test that sends it other signals or reads its exit.
import { spawn } from "node:child_process";
import { join } from "node:path";

/**
 * `env` adds to (or overrides) PORT=0, HOST=127.0.0.1 and LOG_LEVEL=warn.
 * @param {string} root
 * @param {Record<string, string>} [env]
 * @returns {{ url: Promise<string>, pid: number | undefined, process: import("node:child_process").ChildProcess, stop: () => boolean }}
 */
export function startBuiltServer(root, env = {}) {
  const child = spawn(process.execPath, [join(root, "dist/server/main.js")], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  /** @type {Promise<string>} */
  const url = new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it listened: ${out}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const port = /http:\/\/[^:\s]+:(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
  });
  return { url, pid: child.pid, process: child, stop: () => child.kill("SIGTERM") };
}
