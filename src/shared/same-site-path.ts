// A same-site path, the only place a form's `back` or a link's `redirect` may lead: the page
// and the server check it alike, by the schemas' rule (fields.schema.json#/definitions/sameSitePath).
import { COMMON_FIELDS_PATTERNS } from "../../generated/constants";

const PATH_MAX = 2048;
/** Never "//" or "/\\", no control character, space or non-ASCII. */
const SAME_SITE_PATH = new RegExp(COMMON_FIELDS_PATTERNS.sameSitePath, "u");

export function isSameSitePath(value: string): boolean {
  return value.length <= PATH_MAX && SAME_SITE_PATH.test(value);
}
