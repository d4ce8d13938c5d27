export declare function buildRoutes(
  schemas: ReadonlyArray<{ file: string; schema: Record<string, unknown> }>,
  banner: string,
): Map<string, string>;
