// Reads and checks the JSON the server put in #__INITIAL_DATA__. Parsing is synchronous;
// the schema check loads its validator as its own chunk so the boot chunk stays small
// and islands start mounting meanwhile.
import type { InitialData } from "../../generated/types";
import { describeValidationError } from "../shared/describe-error";

export const INITIAL_DATA_ID = "__INITIAL_DATA__";

export type InitialDataResult = { ok: true; data: InitialData } | { ok: false; message: string };

export function parseInitialData(doc: Document): { ok: true; value: unknown } | { ok: false; message: string } {
  const script = doc.getElementById(INITIAL_DATA_ID);
  if (!script) return { ok: false, message: `#${INITIAL_DATA_ID} is missing` };
  try {
    return { ok: true, value: JSON.parse(script.textContent ?? "") };
  } catch (err) {
    return { ok: false, message: `#${INITIAL_DATA_ID} is not valid JSON (${(err as Error).message})` };
  }
}

/** The status the server gave the page, read before the full check so a 401 redirects at once. */
export function statusOf(value: unknown): number | undefined {
  const meta = (value as { meta?: { status?: unknown } } | null)?.meta;
  return typeof meta?.status === "number" ? meta.status : undefined;
}

// A production page trusts its server, which checks every page's data against the schema
// before sending it in development and tests (src/server/pages/page-data-check.ts): the
// validator, a chunk as large as the router, stays out of shoppers' pages, and only the
// top-level shape is checked there.
const loadValidator =
  typeof __DEV__ !== "undefined" && !__DEV__ ? null : () => import("../../generated/validators/page/initial-data.js");

export async function checkInitialData(value: unknown): Promise<InitialDataResult> {
  if (!loadValidator) return checkShape(value);
  const validate = (await loadValidator()).default;
  if (!validate(value)) {
    const { pointer, message } = describeValidationError(validate.errors?.[0]);
    return { ok: false, message: `#${INITIAL_DATA_ID} ${pointer || "/"} ${message}` };
  }
  return { ok: true, data: value };
}

/** The parts every page has, each an object: enough for boot to run on a trusted answer. */
function checkShape(value: unknown): InitialDataResult {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(value)) return { ok: false, message: `#${INITIAL_DATA_ID} / must be object` };
  for (const key of ["meta", "config", "theme"] as const) {
    if (!isObject(value[key])) return { ok: false, message: `#${INITIAL_DATA_ID} /${key} must be object` };
  }
  return { ok: true, data: value as unknown as InitialData };
}
