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

export async function checkInitialData(value: unknown): Promise<InitialDataResult> {
  const validate = (await import("../../generated/validators/page/initial-data.js")).default;
  if (!validate(value)) {
    const { pointer, message } = describeValidationError(validate.errors?.[0]);
    return { ok: false, message: `#${INITIAL_DATA_ID} ${pointer || "/"} ${message}` };
  }
  return { ok: true, data: value };
}
