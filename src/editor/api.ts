// The editor's calls to its server (src/server/dev/editor/routes.ts) and what the page opened with.
import type { Files } from "./history";
import type { Schemas } from "./schema";

export interface Problem {
  pointer: string;
  message: string;
  position?: { line: number; column: number };
  warning?: true;
}

export type FileProblems = Record<string, Problem[]>;

export interface EditorTemplate {
  name: string;
  paths: string[];
  addresses: string[];
}

export interface EditorState {
  lang: "en" | "zh" | "zh-HK";
  files: Files;
  schemas: Schemas;
  themeSchema: string;
  templateSchema: string;
  components: Record<string, string>;
  templates: EditorTemplate[];
  prefixes: string[];
  widths: number[];
}

export const EDITOR_PATH = "/dev/editor";

async function post(path: string, files: Files): Promise<{ status: number; problems: FileProblems; saved: string[] }> {
  const response = await fetch(`${EDITOR_PATH}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ files }),
  });
  const body = (await response.json()) as { problems?: FileProblems; saved?: string[]; message?: string };
  if (response.status === 400) throw new Error(body.message ?? "refused");
  return { status: response.status, problems: body.problems ?? {}, saved: body.saved ?? [] };
}

/** The problems of each file, as `npm run validate` finds them. */
export const checkFiles = (files: Files) => post("check", files);

/** Writes the files, unless a problem remains (then 422 and the problems). */
export const saveFiles = (files: Files) => post("save", files);
