export interface RecordProblem {
  file: string;
  pointer: string;
  message: string;
}

export interface RecordDrift {
  file: string;
  pointer: string;
  old: unknown;
  new: unknown;
}

export interface RecordedEntry {
  name: string;
  path: string;
  route: string | null;
  status: number;
  documentStatus: number;
  answer: string;
  document: string;
  signedIn?: boolean;
}

export declare const WELL_KNOWN_PATHS: readonly string[];

export declare function recordStore(options: {
  base: string;
  out: string;
  routes?: { path: string }[];
  journey?: string;
  schemaDir?: string;
  log?: (line: string) => void;
}): Promise<{ entries: RecordedEntry[]; problems: RecordProblem[] }>;

export declare function checkRecording(options: {
  dir: string;
  base?: string;
  schemaDir?: string;
  log?: (line: string) => void;
}): Promise<{ problems: RecordProblem[]; drift: RecordDrift[] }>;

export declare function linksOf(html: string, origin: string): string[];
