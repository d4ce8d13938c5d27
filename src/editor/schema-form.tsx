// Form controls made from a JSON Schema at run time: a new property in a component's or the
// theme's schema shows here with no change to the editor. Each control has a label, and the
// problems the checker found at its JSON pointer are written beside it.
import { createContext, type ReactNode, useContext, useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Problem } from "./api";
import { deref, type Located, type Schema, type Schemas, segment, startValue, typeOf } from "./schema";

export interface FormContext {
  schemas: Schemas;
  /** Problems of the file being edited, by JSON pointer. */
  problems: Map<string, Problem[]>;
  /** Sets the value at `path` (undefined removes it). */
  change(path: (string | number)[], value: unknown): void;
}

export const Form = createContext<FormContext | null>(null);

export const useForm = (): FormContext => useContext(Form)!;

export const pointerOf = (path: (string | number)[]) => path.map((key) => `/${segment(key)}`).join("");

/** The problems at `pointer`, beside the control that `id` names. */
export function Problems({ id, problems }: { id: string; problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="problems" id={id}>
      {problems.map((p) => (
        <li key={`${p.pointer} ${p.message}`}>
          <code>{p.pointer || "/"}</code> {p.message}
        </li>
      ))}
    </ul>
  );
}

/** The label's hint and problems, and the attributes the control takes to name them. */
function useDescribed(path: (string | number)[], schema: Schema) {
  const { problems } = useForm();
  const id = useId();
  const own = problems.get(pointerOf(path)) ?? [];
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const describedBy = [schema.description ? hintId : "", own.length ? problemsId : ""].filter(Boolean).join(" ");
  return {
    id,
    own,
    attributes: {
      id,
      "aria-invalid": own.length > 0 ? true : undefined,
      "aria-describedby": describedBy || undefined,
    },
    after: (
      <>
        {schema.description ? (
          <span className="hint" id={hintId}>
            {schema.description}
          </span>
        ) : null}
        <Problems id={problemsId} problems={own} />
      </>
    ),
  };
}

/** The branch of an anyOf/oneOf the value is written in (a text, or its translations). */
function branchFor(schemas: Schemas, located: Located, value: unknown): Located | null {
  const branches = located.schema.anyOf ?? located.schema.oneOf;
  if (!branches?.length) return null;
  const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "object" ? "object" : typeof value;
  const resolved = branches.map((b) => deref(schemas, { schema: b, base: located.base }));
  const match =
    resolved.find((b) => typeOf(b.schema) === kind || (kind === "number" && typeOf(b.schema) === "integer")) ??
    resolved.find((b) => typeOf(b.schema) === "string") ??
    resolved[0]!;
  return { schema: { ...match.schema, description: located.schema.description ?? match.schema.description }, base: match.base };
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface FieldProps {
  located: Located;
  value: unknown;
  path: (string | number)[];
  label: string;
}

/** One control (or a group of them) for the value at `path`, as its schema describes it. */
export function Field(props: FieldProps): ReactNode {
  const form = useForm();
  const located = deref(form.schemas, props.located);
  const branch = branchFor(form.schemas, located, props.value);
  if (branch) return <Field {...props} located={branch} />;
  const { schema } = located;
  if (schema.enum) return <EnumField {...props} located={located} />;
  switch (typeOf(schema)) {
    case "string":
      return schema.title === "CssColor" ? (
        <ColorField {...props} located={located} />
      ) : (
        <TextField {...props} located={located} />
      );
    case "integer":
    case "number":
      return <NumberField {...props} located={located} />;
    case "boolean":
      return <BooleanField {...props} located={located} />;
    case "array":
      return <ArrayField {...props} located={located} />;
    case "object":
      return schema.properties ? <ObjectField {...props} located={located} /> : <JsonField {...props} located={located} />;
    default:
      return <JsonField {...props} located={located} />;
  }
}

function TextField({ located, value, path, label }: FieldProps) {
  const { change } = useForm();
  const { attributes, after } = useDescribed(path, located.schema);
  return (
    <div className="field">
      <label htmlFor={attributes.id}>{label}</label>
      <input
        type="text"
        {...attributes}
        value={typeof value === "string" ? value : ""}
        placeholder={typeof located.schema.default === "string" ? located.schema.default : undefined}
        onChange={(event) => change(path, event.currentTarget.value === "" ? undefined : event.currentTarget.value)}
      />
      {after}
    </div>
  );
}

function ColorField({ located, value, path, label }: FieldProps) {
  const { change } = useForm();
  const intl = useIntl();
  const { attributes, after } = useDescribed(path, located.schema);
  const shown = typeof value === "string" ? value : "";
  const fallback = typeof located.schema.default === "string" ? located.schema.default : "#000000";
  return (
    <div className="field field--color">
      <label htmlFor={attributes.id}>{label}</label>
      <span className="color">
        <input
          type="color"
          aria-label={intl.formatMessage({ id: "editor.field.pickColor" }, { name: label })}
          value={HEX.test(shown) ? shown.toLowerCase() : HEX.test(fallback) ? fallback : "#000000"}
          onChange={(event) => change(path, event.currentTarget.value)}
        />
        <input
          type="text"
          {...attributes}
          value={shown}
          placeholder={fallback}
          onChange={(event) => change(path, event.currentTarget.value === "" ? undefined : event.currentTarget.value)}
        />
      </span>
      {after}
    </div>
  );
}

function NumberField({ located, value, path, label }: FieldProps) {
  const { change } = useForm();
  const { attributes, after } = useDescribed(path, located.schema);
  const { schema } = located;
  return (
    <div className="field">
      <label htmlFor={attributes.id}>{label}</label>
      <input
        type="number"
        {...attributes}
        min={schema.minimum}
        max={schema.maximum}
        step={schema.multipleOf ?? (typeOf(schema) === "integer" ? 1 : "any")}
        value={typeof value === "number" ? value : ""}
        placeholder={typeof schema.default === "number" ? String(schema.default) : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          change(path, text === "" ? undefined : Number(text));
        }}
      />
      {after}
    </div>
  );
}

function BooleanField({ located, value, path, label }: FieldProps) {
  const { change } = useForm();
  const { attributes, after } = useDescribed(path, located.schema);
  return (
    <div className="field field--check">
      <input
        type="checkbox"
        {...attributes}
        checked={typeof value === "boolean" ? value : located.schema.default === true}
        onChange={(event) => change(path, event.currentTarget.checked)}
      />
      <label htmlFor={attributes.id}>{label}</label>
      {after}
    </div>
  );
}

function EnumField({ located, value, path, label }: FieldProps) {
  const { change } = useForm();
  const intl = useIntl();
  const { attributes, after } = useDescribed(path, located.schema);
  const options = located.schema.enum ?? [];
  const index = options.indexOf(value);
  return (
    <div className="field">
      <label htmlFor={attributes.id}>{label}</label>
      <select
        {...attributes}
        value={index < 0 ? "" : String(index)}
        onChange={(event) =>
          change(path, event.currentTarget.value === "" ? undefined : options[Number(event.currentTarget.value)])
        }
      >
        <option value="">
          {located.schema.default === undefined
            ? intl.formatMessage({ id: "editor.field.unset" })
            : intl.formatMessage({ id: "editor.field.default" }, { value: String(located.schema.default) })}
        </option>
        {options.map((option, i) => (
          <option key={String(option)} value={String(i)}>
            {String(option)}
          </option>
        ))}
      </select>
      {after}
    </div>
  );
}

function ObjectField({ located, value, path, label }: FieldProps) {
  const { problems } = useForm();
  const own = problems.get(pointerOf(path)) ?? [];
  const id = useId();
  const object = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return (
    <fieldset className="group">
      <legend>{label}</legend>
      {located.schema.description ? <p className="hint">{located.schema.description}</p> : null}
      <Problems id={`${id}-problems`} problems={own} />
      {Object.entries(located.schema.properties ?? {})
        .filter(([key]) => key !== "$schema")
        .map(([key, child]) => (
          <Field
            key={key}
            located={{ schema: child, base: located.base }}
            value={object[key]}
            path={[...path, key]}
            label={key}
          />
        ))}
    </fieldset>
  );
}

function ArrayField({ located, value, path, label }: FieldProps) {
  const form = useForm();
  const intl = useIntl();
  const id = useId();
  const items = Array.isArray(value) ? value : [];
  const itemSchema = { schema: located.schema.items ?? {}, base: located.base };
  const own = form.problems.get(pointerOf(path)) ?? [];
  return (
    <fieldset className="group">
      <legend>{label}</legend>
      {located.schema.description ? <p className="hint">{located.schema.description}</p> : null}
      <Problems id={`${id}-problems`} problems={own} />
      <ol className="items">
        {items.map((item, i) => {
          const name = intl.formatMessage({ id: "editor.field.item" }, { name: label, number: i + 1 });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the list; the list has no ids.
            <li key={i}>
              <Field located={itemSchema} value={item} path={[...path, i]} label={name} />
              <button type="button" onClick={() => form.change([...path, i], undefined)}>
                <FormattedMessage id="editor.field.removeItem" values={{ name }} />
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => form.change([...path, items.length], startValue(form.schemas, itemSchema))}>
        <FormattedMessage id="editor.field.addItem" values={{ name: label }} />
      </button>
    </fieldset>
  );
}

/** A value the schema leaves open (any object): edited as JSON, taken once it parses. */
function JsonField({ located, value, path, label }: FieldProps) {
  const { change } = useForm();
  const intl = useIntl();
  const { attributes, after } = useDescribed(path, located.schema);
  return (
    <div className="field">
      <label htmlFor={attributes.id}>{intl.formatMessage({ id: "editor.field.json" }, { name: label })}</label>
      <textarea
        {...attributes}
        rows={4}
        spellCheck={false}
        defaultValue={value === undefined ? "" : JSON.stringify(value, null, 2)}
        onChange={(event) => {
          const text = event.currentTarget.value.trim();
          if (text === "") return change(path, undefined);
          try {
            change(path, JSON.parse(text));
          } catch {
            // Not JSON yet: the author is still typing.
          }
        }}
      />
      {after}
    </div>
  );
}
