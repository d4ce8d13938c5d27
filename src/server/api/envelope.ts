// The {code, msg, data} answer of every /api/web call, and how failures become one.
import type { ApiCode, ApiReason, ApiReasonId } from "../../../generated/types";

// One catalogue of codes for the client and the server.
import { CODE } from "../../shared/codes";

export { CODE };

export interface Envelope {
  code: ApiCode;
  msg: string;
  data?: unknown;
  reason?: ApiReason;
}

/**
 * A call's expected failure: the shopper sees msg; `status` is the HTTP status (200 unless busy
 * or limited). With a `reason` (schemas/api/reason.schema.json) the browser shows that message,
 * with `values`, in the shopper's language instead of msg.
 */
export class ApiFail extends Error {
  constructor(
    readonly code: ApiCode,
    msg: string,
    readonly status = 200,
    readonly reason?: ApiReasonId,
    readonly values?: ApiReason["values"],
  ) {
    super(msg);
    this.name = "ApiFail";
  }

  /** The envelope's `reason`, when the failure has one. */
  get envelopeReason(): ApiReason | undefined {
    return this.reason === undefined ? undefined : { id: this.reason, ...(this.values ? { values: this.values } : {}) };
  }
}

export function fail(msg: string): never {
  throw new ApiFail(CODE.fullFail, msg);
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
