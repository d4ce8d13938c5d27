// The {code, msg, data} answer of every /api/web call, and how failures become one.
import { API_REASON_IDS } from "../../../generated/constants";
import type { ApiCode, ApiReason, ApiReasonId } from "../../../generated/types";

// One catalogue of codes for the client and the server.
import { CODE } from "../../shared/codes";
import type { MessageLanguage } from "../../shared/languages";
import { type MessageId, type MessageValues, messageText } from "../messages";

export { CODE };

export interface Envelope {
  code: ApiCode;
  msg: string;
  data?: unknown;
  reason?: ApiReason;
}

/** The reason ids a browser holds words for (schemas/api/reason.schema.json). */
const REASON_IDS: ReadonlySet<string> = new Set(API_REASON_IDS);

/**
 * A call's expected failure, said as a message id of the shop's catalogue: the answer's msg is
 * that message in the language of the page that called (the form post's, for a form), and
 * `message` is the English one (logs, tests). `status` is the HTTP status (200 unless busy or
 * limited). A failure whose id is a reason also carries it as the envelope's `reason`, which
 * the browser shows with its `values` in its own words.
 */
export class ApiFail extends Error {
  constructor(
    readonly code: ApiCode,
    readonly id: MessageId,
    readonly status = 200,
    readonly values?: MessageValues,
  ) {
    super(messageText("en", id, values));
    this.name = "ApiFail";
  }

  /** What the failure says in the language. */
  textIn(language: MessageLanguage): string {
    return messageText(language, this.id, this.values);
  }

  /** The envelope's `reason`, when the failure's id is one. */
  get envelopeReason(): ApiReason | undefined {
    if (!REASON_IDS.has(this.id)) return undefined;
    return { id: this.id as ApiReasonId, ...(this.values ? { values: this.values } : {}) };
  }
}

/**
 * A body that breaks a rule its schema cannot state (a multipart shape, one of two fields):
 * only a client that ignores the schemas sends one, so its words, in English, are for the
 * developer. Everything a shopper can cause goes through `fail` with a message id.
 */
export class MalformedRequest extends ApiFail {
  constructor(detail: string, status = 200) {
    super(CODE.fail, "refusal.malformed", status, { detail });
  }
}

/** Refuses the call (code 41) with the message. */
export function fail(id: MessageId, values?: MessageValues): never {
  throw new ApiFail(CODE.fullFail, id, 200, values);
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validation error in words a shopper (and a developer) understands. */
export function describeBodyError(error: AjvError | undefined): string {
  if (!error) return "The request is not valid.";
  const field = error.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return `${field === "body" ? "" : `${field}.`}${String(p.missingProperty)} is required`;
    case "additionalProperties":
      return `${field} has an unknown field "${String(p.additionalProperty)}"`;
    case "pattern":
    case "format":
      return `${field} has a wrong format`;
    case "minLength":
      return `${field} must be at least ${String(p.limit)} characters`;
    case "maxLength":
      return `${field} must be at most ${String(p.limit)} characters`;
    case "minimum":
    case "exclusiveMinimum":
      return `${field} must be at least ${String(p.limit)}`;
    case "maximum":
      return `${field} must be at most ${String(p.limit)}`;
    case "type":
      return `${field} must be ${String(p.type)}`;
    case "enum":
      return `${field} must be one of ${(p.allowedValues as unknown[]).join(", ")}`;
    case "const":
      return `${field} must be ${JSON.stringify(p.allowedValue)}`;
    default:
      return `${field} ${error.message ?? "is not valid"}`;
  }
}
