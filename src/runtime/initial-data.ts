// Reads and checks the JSON the server put in #__INITIAL_DATA__.
import validateInitialData from "../../generated/validators/page/initial-data.js";
import type { InitialData } from "../../generated/types";
import { describeValidationError } from "../renderer/describe-error";

export const INITIAL_DATA_ID = "__INITIAL_DATA__";

export type InitialDataResult = { ok: true; data: InitialData } | { ok: false; message: string };

export function readInitialData(doc: Document): InitialDataResult {
  const script = doc.getElementById(INITIAL_DATA_ID);
  if (!script) return { ok: false, message: `#${INITIAL_DATA_ID} is missing` };
  let data: unknown;
  try {
    data = JSON.parse(script.textContent ?? "");
  } catch (err) {
    return { ok: false, message: `#${INITIAL_DATA_ID} is not valid JSON (${(err as Error).message})` };
  }
  if (!validateInitialData(data)) {
    const { pointer, message } = describeValidationError(validateInitialData.errors?.[0]);
    return { ok: false, message: `#${INITIAL_DATA_ID} ${pointer || "/"} ${message}` };
  }
  return { ok: true, data };
}
