import type { ChildProcess } from "node:child_process";

export declare function startBuiltServer(
  root: string,
  env?: Record<string, string>,
): { url: Promise<string>; pid: number | undefined; process: ChildProcess; stop: () => boolean };
