// Types of validate.mjs, whose checker the theme editor (src/server/dev/editor/) reuses.
export interface Position {
  line: number;
  column: number;
}
export interface Problem {
  position: Position;
  /** JSON pointer of the value (or key) the problem is at; "" for the whole file. */
  pointer: string;
  message: string;
  warning?: true;
}
export interface FileReport {
  /** The $id of the schema the file was checked against; missing when none applies. */
  schema?: string;
  problems: Problem[];
}
export interface Checker {
  /** Every schema of schemas/, as written: `file` is its path under schemas/. */
  schemas: { file: string; schema: Record<string, unknown> & { $id: string } }[];
  checkFile(file: string): FileReport;
  /** `file`: its name under the store (theme.json, templates/home.json), which picks the schema and the page kind. */
  check(file: string, text: string): FileReport;
}
export declare function createChecker(schemaDir?: string): Checker;
export declare function main(args: string[], out?: NodeJS.WritableStream, err?: NodeJS.WritableStream): number;
