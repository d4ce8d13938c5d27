// An island's props: parsed from its data-props text and checked against its component's
// schema, each component's validator loaded once, and the texts found valid remembered, so a
// page drawn again (Back from a snapshot, a head or foot that comes with every page) skips
// both steps.
import type { RegistryEntry } from "../registry/types";
import { describeValidationError } from "../shared/describe-error";
import { type ParseResult, parseProps } from "./parse-props";

/** How many accepted props texts are remembered: a few pages' islands. */
const ACCEPTED_LIMIT = 64;

type Validate = Awaited<ReturnType<RegistryEntry["validator"]>>["default"];

export type CheckResult = { ok: true } | { ok: false; message: string };

export interface PropsChecks {
  /** The props of a text, parsed; `known` when the text was accepted before (no check needed). */
  parse(name: string, raw: string | null): ParseResult & { known?: boolean };
  /**
   * Checks props against the component's schema and remembers the text when they pass; at once
   * when the validator is loaded, else once it has (a failed load is tried again next time).
   */
  check(name: string, entry: RegistryEntry, raw: string | null, props: unknown): CheckResult | Promise<CheckResult>;
}

export function createPropsChecks(): PropsChecks {
  const accepted = new Map<string, { value: unknown }>();
  const validators = new Map<string, Validate | Promise<Validate>>();
  const keyOf = (name: string, raw: string | null) => `${name}\u0000${raw}`;

  function run(validate: Validate, name: string, raw: string | null, props: unknown): CheckResult {
    if (!validate(props)) {
      const { pointer, message } = describeValidationError(validate.errors?.[0]);
      return { ok: false, message: `props ${pointer || "/"} ${message}` };
    }
    if (accepted.size >= ACCEPTED_LIMIT) accepted.delete(accepted.keys().next().value!);
    accepted.set(keyOf(name, raw), { value: props });
    return { ok: true };
  }

  return {
    parse(name, raw) {
      const known = accepted.get(keyOf(name, raw));
      return known ? { ok: true, value: known.value, known: true } : parseProps(raw);
    },
    check(name, entry, raw, props) {
      const validate = validators.get(name);
      if (typeof validate === "function") return run(validate, name, raw, props);
      const loading = validate ?? entry.validator().then((module) => module.default);
      validators.set(name, loading);
      return loading.then(
        (loaded) => {
          validators.set(name, loaded);
          return run(loaded, name, raw, props);
        },
        (err: unknown) => {
          // Not kept: the next island of this component tries again (back online).
          if (validators.get(name) === loading) validators.delete(name);
          return { ok: false, message: `could not load its props validator (${String(err)})` };
        },
      );
    },
  };
}
