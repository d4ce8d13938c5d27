export declare function buildIslands(
  root: string,
  schemas: ReadonlyArray<{ file: string; schema: Record<string, unknown> }>,
  banner: string,
): Map<string, string>;
