export declare function startBuiltServer(
  root: string,
  env?: Record<string, string>,
): { url: Promise<string>; pid: number | undefined; stop: () => boolean };
