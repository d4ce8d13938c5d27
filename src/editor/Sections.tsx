// The sections of one template: add one from the registry, reorder by drag and drop or by
// keyboard (the buttons, or Alt+Arrow keys on a section), duplicate, remove, select; and the
// selected section's form: its props from its component's schema, each fixed or bound to a
// data path of the page kind, and when it shows and how it hydrates.
import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { EditorTemplate, Problem } from "./api";
import { type Schema, startValue } from "./schema";
import { Field, Problems, pointerOf, useForm } from "./schema-form";

export interface Section {
  component: string;
  props?: Record<string, unknown>;
  bind?: Record<string, string>;
  when?: string;
  hydrate?: string;
  [key: string]: unknown;
}

// Sections have no ids: a section object keeps its key while it is the same object (edits copy
// only what they change, so a moved section is the same object).
const keys = new WeakMap<object, number>();
let nextKey = 0;
const keyOf = (section: object) => {
  let key = keys.get(section);
  if (key === undefined) {
    key = nextKey++;
    keys.set(section, key);
  }
  return key;
};

export interface SectionsProps {
  template: EditorTemplate;
  sections: Section[];
  components: Record<string, string>;
  selected: number | null;
  onSelect(index: number | null): void;
  /** Replaces the list of sections: one step of the history. */
  onChange(sections: Section[], announce: string): void;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
};

export function Sections({ template, sections, components, selected, onSelect, onChange }: SectionsProps) {
  const intl = useIntl();
  const form = useForm();
  const id = useId();
  const [adding, setAdding] = useState(Object.keys(components)[0] ?? "");
  const [dragged, setDragged] = useState<number | null>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const problemsUnder = (index: number): Problem[] =>
    [...form.problems.entries()]
      .filter(([p]) => p === `/sections/${index}` || p.startsWith(`/sections/${index}/`))
      .flatMap(([, list]) => list);

  const reorder = (from: number, to: number, focus: string) => {
    if (to < 0 || to >= sections.length || from === to) return;
    const section = sections[from]!;
    focusNext.current = `${id}-${keyOf(section)}-${focus}`;
    onChange(
      move(sections, from, to),
      intl.formatMessage({ id: "editor.sections.moved" }, { name: section.component, position: to + 1, count: sections.length }),
    );
    onSelect(to);
  };

  const add = () => {
    const schemaId = components[adding];
    if (!schemaId) return;
    const props = startValue(form.schemas, { schema: { $ref: schemaId }, base: schemaId }) as Record<string, unknown>;
    const at = selected === null ? sections.length : selected + 1;
    const section: Section = { component: adding, props };
    const next = [...sections];
    next.splice(at, 0, section);
    focusNext.current = `${id}-${keyOf(section)}-select`;
    onChange(next, intl.formatMessage({ id: "editor.sections.added" }, { name: adding, position: at + 1 }));
    onSelect(at);
  };

  return (
    <>
      <ol className="sections" aria-label={intl.formatMessage({ id: "editor.sections.list" }, { template: template.name })}>
        {sections.map((section, index) => {
          const key = keyOf(section);
          const problems = problemsUnder(index).filter((p) => !p.warning).length;
          const name = section.component;
          return (
            <li
              key={key}
              className={`section${selected === index ? " section--selected" : ""}${dragged === index ? " section--dragged" : ""}`}
              draggable
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(index));
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const from = Number(event.dataTransfer.getData("text/plain"));
                setDragged(null);
                if (Number.isInteger(from)) reorder(from, index, "select");
              }}
            >
              <button
                type="button"
                id={`${id}-${key}-select`}
                className="section__name"
                aria-pressed={selected === index}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                onClick={() => onSelect(selected === index ? null : index)}
                onKeyDown={(event) => {
                  if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
                  event.preventDefault();
                  reorder(index, event.key === "ArrowUp" ? index - 1 : index + 1, "select");
                }}
              >
                <span className="section__index">{index + 1}.</span> {name}
                {problems ? (
                  <span className="section__problems">
                    {" "}
                    <FormattedMessage id="editor.sections.problems" values={{ count: problems }} />
                  </span>
                ) : null}
              </button>
              <span className="section__actions">
                <button
                  type="button"
                  id={`${id}-${key}-up`}
                  disabled={index === 0}
                  onClick={() => reorder(index, index - 1, "up")}
                  aria-label={intl.formatMessage({ id: "editor.sections.up" }, { name, position: index + 1 })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  id={`${id}-${key}-down`}
                  disabled={index === sections.length - 1}
                  onClick={() => reorder(index, index + 1, "down")}
                  aria-label={intl.formatMessage({ id: "editor.sections.down" }, { name, position: index + 1 })}
                >
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => {
                    const copy = structuredClone(section);
                    focusNext.current = `${id}-${keyOf(copy)}-select`;
                    onChange(
                      [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)],
                      intl.formatMessage({ id: "editor.sections.duplicated" }, { name }),
                    );
                    onSelect(index + 1);
                  }}
                  aria-label={intl.formatMessage({ id: "editor.sections.duplicate" }, { name, position: index + 1 })}
                >
                  <FormattedMessage id="editor.sections.duplicateShort" />
                </button>
                <button
                  type="button"
                  onClick={() => {
                    onChange(
                      sections.filter((_, i) => i !== index),
                      intl.formatMessage({ id: "editor.sections.removed" }, { name }),
                    );
                    onSelect(null);
                  }}
                  aria-label={intl.formatMessage({ id: "editor.sections.remove" }, { name, position: index + 1 })}
                >
                  <FormattedMessage id="editor.sections.removeShort" />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="add">
        <label htmlFor={`${id}-add`}>
          <FormattedMessage id="editor.sections.addLabel" />
        </label>
        <select id={`${id}-add`} value={adding} onChange={(event) => setAdding(event.currentTarget.value)}>
          {Object.keys(components).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="button" onClick={add}>
          <FormattedMessage id="editor.sections.add" />
        </button>
      </div>
      {selected !== null && sections[selected] ? (
        <SectionForm
          key={keyOf(sections[selected])}
          index={selected}
          section={sections[selected]}
          template={template}
          schemaId={components[sections[selected].component]}
        />
      ) : null}
    </>
  );
}

/** A data path typed or chosen from the page kind's (a text field with the paths as suggestions). */
function PathField({
  label,
  value,
  path,
  listId,
}: {
  label: string;
  value: string | undefined;
  path: (string | number)[];
  listId: string;
}) {
  const form = useForm();
  const id = useId();
  const own = form.problems.get(pointerOf(path)) ?? [];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        list={listId}
        value={value ?? ""}
        spellCheck={false}
        aria-invalid={own.length > 0 ? true : undefined}
        aria-describedby={own.length ? `${id}-problems` : undefined}
        onChange={(event) => form.change(path, event.currentTarget.value === "" ? undefined : event.currentTarget.value)}
      />
      <Problems id={`${id}-problems`} problems={own} />
    </div>
  );
}

function SectionForm({
  index,
  section,
  template,
  schemaId,
}: {
  index: number;
  section: Section;
  template: EditorTemplate;
  schemaId: string | undefined;
}) {
  const form = useForm();
  const intl = useIntl();
  const id = useId();
  const listId = `${id}-paths`;
  const base = ["sections", index];
  const located = schemaId ? { schema: (form.schemas[schemaId] ?? {}) as Schema, base: schemaId } : null;
  const properties = Object.entries(located?.schema.properties ?? {});
  const hydrateSchema = form.schemas["https://storefront-runtime.dev/schemas/common/hydrate-strategy.schema.json"] as
    | Schema
    | undefined;
  const sectionProblems = form.problems.get(pointerOf(base)) ?? [];
  const propsProblems = form.problems.get(pointerOf([...base, "props"])) ?? [];
  return (
    <section className="section-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <FormattedMessage id="editor.section.title" values={{ name: section.component, position: index + 1 }} />
      </h3>
      {located?.schema.description ? <p className="hint">{String(located.schema.description)}</p> : null}
      <Problems id={`${id}-problems`} problems={[...sectionProblems, ...propsProblems]} />
      <datalist id={listId}>
        {template.paths.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <PathField
        label={intl.formatMessage({ id: "editor.section.when" })}
        value={section.when}
        path={[...base, "when"]}
        listId={listId}
      />
      {hydrateSchema ? (
        <Field
          located={{ schema: hydrateSchema, base: String(hydrateSchema.$id) }}
          value={section.hydrate}
          path={[...base, "hydrate"]}
          label={intl.formatMessage({ id: "editor.section.hydrate" })}
        />
      ) : null}
      {properties.map(([prop, schema]) => {
        const bound = section.bind?.[prop];
        return (
          <fieldset className="prop" key={prop}>
            <legend>{prop}</legend>
            <PathField
              label={intl.formatMessage({ id: "editor.section.bind" }, { name: prop })}
              value={bound}
              path={[...base, "bind", prop]}
              listId={listId}
            />
            {bound === undefined && located ? (
              <Field
                located={{ schema, base: located.base }}
                value={section.props?.[prop]}
                path={[...base, "props", prop]}
                label={intl.formatMessage({ id: "editor.section.value" }, { name: prop })}
              />
            ) : null}
          </fieldset>
        );
      })}
    </section>
  );
}
