// Types of bind-paths.mjs, which scripts/validate.mjs runs as plain JavaScript.
export declare const SCHEMA_BASE: string;
export declare const SCOPE_ID: string;
export declare const REGION_TEMPLATES: readonly string[];
export declare function pageSchemaId(kind: string): string;
export declare function distance(a: string, b: string): number;
export declare function nearestPath(path: string, valid: readonly string[]): string | null;

export interface TemplatePath {
  /** JSON pointer of the string the path is written in. */
  pointer: string;
  path: string;
  use: "bind" | "when" | "placeholder";
}
export declare function templatePaths(template: unknown): TemplatePath[];

export interface TemplatePathProblem {
  pointer: string;
  path: string;
  message: string;
}
export declare function checkTemplatePaths(
  template: unknown,
  name: string,
  pageKinds: readonly string[],
  getSchema: (id: string) => Record<string, unknown> | undefined,
): TemplatePathProblem[];
export declare function dataPathsOf(
  name: string,
  pageKinds: readonly string[],
  getSchema: (id: string) => Record<string, unknown> | undefined,
): string[];
