// Runs a generated request validator (generated/validators/api/**, compiled from
// schemas/api/**) over what a form is about to send, and turns the rule it reports into the
// message the form shows under the field. Required fields, patterns and lengths are the
// schema's: the forms never restate them.
//
// The validators stop at their first error (ajv, allErrors off). To find each field's own
// error, the field is checked inside a request known to be valid, the schema's first
// example (codegen checks every example against its schema), with only that field taken
// from the form. The whole request is then checked once more, so a rule that spans fields
// is not missed. Only keywords and instance pointers are read, never schema paths, so a
// schema may move its rules behind a $ref.
import type { ValidationMessage } from "./rules";

/** One failed rule as a generated validator reports it (the parts read here). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** A generated validator: true or false, the first failed rule in `errors`. It fills defaults in. */
export interface RequestValidator<T = unknown> {
  (data: unknown): data is T;
  errors?: readonly SchemaError[] | null;
}

/** A request body as a form builds it: a field that is blank is left out. */
export type Body = Readonly<Record<string, unknown>>;

/** The lengths a schema allows a string field; a side it does not limit is absent. */
export interface LengthBounds {
  min?: number;
  max?: number;
}

/** What a form says when one field of its request breaks a rule of the schema. */
export interface FieldMessages<F extends string = string> {
  /** The form field that shows the message; the body's key when not given. */
  field?: F;
  /** `required` (or a dependency): the field was left out, as a form leaves out a blank one. `invalid` when not given. */
  required?: ValidationMessage;
  /** `minLength` / `maxLength`, told the bounds the schema sets and which one was broken. `invalid` when not given. */
  length?: (bounds: LengthBounds, rule: "minLength" | "maxLength") => ValidationMessage;
  /** Any other rule: `pattern`, `format`, `type`, `enum`, `const`, ... */
  invalid: ValidationMessage;
}

export interface RequestCheck<T> {
  /** The first rule `value` breaks as the field `key` of a valid request; `undefined` leaves the field out. */
  error(key: string, value: unknown): SchemaError | null;
  /** Whether the schema takes `value` as the field `key`. */
  accepts(key: string, value: unknown): boolean;
  /** The string lengths the schema allows the field `key`. */
  bounds(key: string): LengthBounds;
  /** The message for the field `key` holding `value`, or null when the schema takes it. */
  message(key: string, value: unknown, messages: FieldMessages): ValidationMessage | null;
  /**
   * One message per form field for the body a form would send, for the body's keys that
   * `fields` names (each shown on its `field`, or on the field of its own name).
   */
  messages<K extends string, F extends string = never>(
    body: Body,
    fields: Readonly<Record<K, FieldMessages<F>>>,
  ): Partial<Record<K | F, ValidationMessage>>;
  /** A checked copy of `body` (with the schema's defaults), or null when the schema refuses it. */
  parse(body: Body): T | null;
}

/** Longer than any string field a request takes, to read a field's maxLength. */
const PROBE_LENGTH = 1 << 16;

function copy<V>(value: V): V {
  return value === undefined ? value : structuredClone(value);
}

/** A JSON pointer segment as the property name it stands for. */
const unescapePointer = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** The top-level property a failed rule is about ("" for the request as a whole). */
export function fieldOf(error: SchemaError): string {
  const [, first] = error.instancePath.split("/");
  if (first !== undefined) return unescapePointer(first);
  const named = error.params.missingProperty ?? error.params.additionalProperty ?? error.params.propertyName;
  return typeof named === "string" ? named : "";
}

/** Whether `value` is the limit a length rule reports. */
const isLimit = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The check of one request: `validate` is its generated validator, `example` a body the
 * schema takes (its first `examples` entry).
 */
export function requestCheck<T>(validate: RequestValidator<T>, example: unknown): RequestCheck<T> {
  if (!example || typeof example !== "object" || !validate(copy(example))) {
    throw new Error(
      `requestCheck: the example is not a request its schema takes (${JSON.stringify(validate.errors?.[0] ?? null)})`,
    );
  }
  const base = example as Record<string, unknown>;
  const boundsOf = new Map<string, LengthBounds>();

  function firstError(data: unknown): SchemaError | null {
    return validate(data) ? null : (validate.errors?.[0] ?? { instancePath: "", keyword: "unknown", params: {} });
  }

  function error(key: string, value: unknown): SchemaError | null {
    const data = copy(base);
    if (value === undefined) delete data[key];
    else data[key] = copy(value);
    const found = firstError(data);
    // A rule about another field is one that spans fields: the whole-body check reports it.
    return found && fieldOf(found) === key ? found : null;
  }

  function bounds(key: string): LengthBounds {
    let known = boundsOf.get(key);
    if (!known) {
      known = {};
      const short = error(key, "");
      if (short?.keyword === "minLength" && isLimit(short.params.limit)) known.min = short.params.limit;
      const long = error(key, "x".repeat(PROBE_LENGTH));
      if (long?.keyword === "maxLength" && isLimit(long.params.limit)) known.max = long.params.limit;
      boundsOf.set(key, known);
    }
    return known;
  }

  function say(key: string, found: SchemaError, messages: FieldMessages): ValidationMessage {
    switch (found.keyword) {
      case "required":
      case "dependencies":
      case "dependentRequired":
        return messages.required ?? messages.invalid;
      case "minLength":
      case "maxLength": {
        if (!messages.length) return messages.invalid;
        const reported = isLimit(found.params.limit)
          ? { [found.keyword === "minLength" ? "min" : "max"]: found.params.limit }
          : {};
        return messages.length({ ...bounds(key), ...reported }, found.keyword);
      }
      default:
        return messages.invalid;
    }
  }

  function message(key: string, value: unknown, messages: FieldMessages): ValidationMessage | null {
    const found = error(key, value);
    return found ? say(key, found, messages) : null;
  }

  return {
    error,
    accepts: (key, value) => error(key, value) === null,
    bounds,
    message,
    messages<K extends string, F extends string = never>(body: Body, fields: Readonly<Record<K, FieldMessages<F>>>) {
      const named: Readonly<Record<string, FieldMessages<F> | undefined>> = fields;
      const found: Partial<Record<string, ValidationMessage>> = {};
      for (const [key, messages] of Object.entries(named)) {
        if (!messages || found[messages.field ?? key]) continue;
        const result = message(key, body[key], messages);
        if (result) found[messages.field ?? key] = result;
      }
      // A rule spanning fields shows on the field the validator names, if that field has none yet.
      const whole = firstError(copy(body));
      const key = whole ? fieldOf(whole) : "";
      const messages = named[key];
      if (whole && messages && !found[messages.field ?? key]) found[messages.field ?? key] = say(key, whole, messages);
      return found as Partial<Record<K | F, ValidationMessage>>;
    },
    parse(body) {
      const data = copy(body);
      return validate(data) ? data : null;
    },
  };
}
