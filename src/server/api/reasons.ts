// Refusals with a reason (schemas/api/reason.schema.json): the browser shows the reason's
// message in the shopper's language, and `msg` carries the same message in the language of
// the page that called, taken from the one catalogue both sides read.
import type { ApiReason } from "../../../generated/types";
import { ApiFail, CODE } from "./envelope";

/** Refuses the call (code 41) with the reason. */
export function refuse(reason: ApiReason): never {
  throw new ApiFail(CODE.fullFail, reason.id, 200, reason.values);
}
