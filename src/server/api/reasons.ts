// Refusals with a reason (schemas/api/reason.schema.json): the browser shows the reason's
// message in the shopper's language, and `msg` carries the same message in English, taken
// from the one catalogue both sides read, so the two never say different things.
import { createIntl } from "react-intl";
import EN from "../../../generated/messages/en.json";
import type { ApiReason } from "../../../generated/types";
import { ApiFail, CODE } from "./envelope";

const english = createIntl({ locale: "en", messages: EN as Record<string, string> });

/** The reason's message in English, its values filled in. */
export function reasonText(reason: ApiReason): string {
  return english.formatMessage({ id: reason.id }, reason.values);
}

/** Refuses the call (code 41) with the reason and its English words. */
export function refuse(reason: ApiReason): never {
  throw new ApiFail(CODE.fullFail, reasonText(reason), 200, reason.id, reason.values);
}
