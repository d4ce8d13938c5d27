// The theme editor (/dev/editor): the theme's settings and a template's sections on one side,
// a real page of the shop on the other; every change checked as `npm run validate` checks a
// file, Save refused while a problem remains, undo and redo over every change.
import { useCallback, useEffect, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { withPrefix } from "../shared/language-prefix";
import type { Prefix } from "../shared/languages";
import { checkFiles, type EditorState, type FileProblems, type Problem, saveFiles } from "./api";
import { type Files, useHistory } from "./history";
import { Preview } from "./Preview";
import { type Section, Sections } from "./Sections";
import { setIn } from "./schema";
import { Field, Form, type FormContext, Problems, pointerOf } from "./schema-form";

const fileOf = (template: string) => `templates/${template}.json`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const REGIONS = ["body", "head", "foot"] as const;
type Region = (typeof REGIONS)[number];

/** Problems by pointer, for the controls of one file. */
const byPointer = (problems: Problem[] | undefined) => {
  const map = new Map<string, Problem[]>();
  for (const p of problems ?? []) map.set(p.pointer, [...(map.get(p.pointer) ?? []), p]);
  return map;
};

export function Editor({ state }: { state: EditorState }) {
  const intl = useIntl();
  const history = useHistory(state.files);
  const { files, apply } = history;
  const [saved, setSaved] = useState<Files>(state.files);
  const [problems, setProblems] = useState<FileProblems>({});
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState("");
  const kinds = state.templates.filter((t) => t.name !== "head" && t.name !== "foot");
  const [kind, setKind] = useState("home");
  const [region, setRegion] = useState<Region>("body");
  const template = region === "body" ? kind : region;
  const templateInfo = state.templates.find((t) => t.name === template)!;
  const addresses = state.templates.find((t) => t.name === kind)?.addresses ?? [];
  const [address, setAddress] = useState(addresses[0] ?? "/");
  const [prefix, setPrefix] = useState<Prefix>("en");
  const [width, setWidth] = useState(state.widths.includes(1280) ? 1280 : state.widths[0]!);
  const [selected, setSelected] = useState<number | null>(null);

  const changed = useMemo(() => Object.keys(files).filter((name) => !same(files[name], saved[name])), [files, saved]);
  const draft = useMemo(() => Object.fromEntries(changed.map((name) => [name, files[name]])), [changed, files]);

  // Each change is checked by the server with npm run validate's code, after a pause in typing.
  useEffect(() => {
    if (changed.length === 0) {
      setProblems({});
      setChecking(false);
      return;
    }
    let current = true;
    setChecking(true);
    const timer = setTimeout(async () => {
      try {
        const answer = await checkFiles(draft);
        if (current) setProblems(answer.problems);
      } finally {
        if (current) setChecking(false);
      }
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [draft, changed]);

  const blocking = Object.values(problems)
    .flat()
    .filter((p) => !p.warning).length;

  const save = async () => {
    if (changed.length === 0) return setStatus(intl.formatMessage({ id: "editor.save.nothing" }));
    if (checking || blocking > 0) return setStatus(intl.formatMessage({ id: "editor.save.refused" }, { count: blocking }));
    setStatus("");
    const answer = await saveFiles(draft);
    setProblems(answer.problems);
    if (answer.status !== 200) return setStatus(intl.formatMessage({ id: "editor.save.refused" }, { count: blocking }));
    setSaved(files);
    setStatus(intl.formatMessage({ id: "editor.save.done" }, { count: answer.saved.length, files: answer.saved.join(", ") }));
  };

  const { undo, redo } = history;
  // Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) outside text fields, which keep their own undo.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.target as Element).closest("input, textarea, select")) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const formFor = useCallback(
    (file: string): FormContext => ({
      schemas: state.schemas,
      problems: byPointer(problems[file]),
      change: (path, value) => apply((f) => ({ ...f, [file]: setIn(f[file], path, value) }), `${file}${pointerOf(path)}`),
    }),
    [state.schemas, problems, apply],
  );

  const templateFile = fileOf(template);
  const sections = ((files[templateFile] as { sections?: Section[] } | undefined)?.sections ?? []) as Section[];
  const theme = files["theme.json"] as { container?: unknown } | undefined;
  // The frame loads again for a change of the templates or the container; the theme's values restyle it in place.
  const renderKey = JSON.stringify([
    Object.keys(draft)
      .filter((n) => n !== "theme.json")
      .map((n) => [n, draft[n]]),
    theme?.container,
  ]);
  const shownAddress = addresses.includes(address) ? address : (addresses[0] ?? null);

  const allProblems = Object.entries(problems).flatMap(([file, list]) => list.map((p) => ({ file, ...p })));

  return (
    <>
      <header className="bar">
        <h1>
          <FormattedMessage id="editor.title" />
        </h1>
        <nav aria-label={intl.formatMessage({ id: "editor.language" })}>
          {(
            [
              ["en", "English"],
              ["zh", "简体中文"],
              ["zh-HK", "繁體中文（香港）"],
            ] as const
          ).map(([lang, name]) => (
            <a key={lang} href={`?lang=${lang}`} lang={lang} aria-current={lang === state.lang ? "true" : undefined}>
              {name}
            </a>
          ))}
        </nav>
        <div className="actions">
          <button type="button" onClick={undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
            <FormattedMessage id="editor.undo" />
          </button>
          <button type="button" onClick={redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
            <FormattedMessage id="editor.redo" />
          </button>
          <button
            type="button"
            className="save"
            onClick={save}
            aria-disabled={blocking > 0 || checking || changed.length === 0 ? true : undefined}
            aria-describedby="editor-progress"
          >
            <FormattedMessage id="editor.save" />
          </button>
        </div>
        <p id="editor-progress" className="state">
          {checking
            ? intl.formatMessage({ id: "editor.checking" })
            : blocking
              ? intl.formatMessage({ id: "editor.problems" }, { count: blocking })
              : changed.length
                ? intl.formatMessage({ id: "editor.unsaved" }, { files: changed.join(", ") })
                : intl.formatMessage({ id: "editor.clean" })}
        </p>
        {/* What the last action did, for screen readers too. */}
        <p className="status" role="status">
          {status}
        </p>
      </header>
      <main className="layout">
        <div className="panel">
          {allProblems.length ? (
            <section aria-labelledby="all-problems" className="all-problems">
              <h2 id="all-problems">
                <FormattedMessage id="editor.problemsTitle" />
              </h2>
              <ul>
                {allProblems.map((p) => (
                  <li key={`${p.file} ${p.pointer} ${p.message}`}>
                    {p.file} <code>{p.pointer || "/"}</code> {p.warning ? intl.formatMessage({ id: "editor.warning" }) : ""}
                    {p.message}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <details className="theme" open>
            <summary>
              <h2>
                <FormattedMessage id="editor.theme" />
              </h2>
            </summary>
            <Form.Provider value={formFor("theme.json")}>
              <Problems id="theme-problems" problems={byPointer(problems["theme.json"]).get("") ?? []} />
              <Field
                located={{ schema: { $ref: state.themeSchema }, base: state.themeSchema }}
                value={files["theme.json"]}
                path={[]}
                label={intl.formatMessage({ id: "editor.themeSettings" })}
              />
            </Form.Provider>
          </details>
          <section aria-labelledby="sections-title" className="sections-panel">
            <h2 id="sections-title">
              <FormattedMessage id="editor.sections" values={{ template }} />
            </h2>
            <fieldset className="regions">
              <legend>
                <FormattedMessage id="editor.region" />
              </legend>
              {REGIONS.map((r) => (
                <label key={r}>
                  <input
                    type="radio"
                    name="region"
                    checked={region === r}
                    onChange={() => {
                      setRegion(r);
                      setSelected(null);
                    }}
                  />
                  <FormattedMessage id={`editor.region.${r}`} values={{ kind }} />
                </label>
              ))}
            </fieldset>
            <Form.Provider value={formFor(templateFile)}>
              <Sections
                template={templateInfo}
                sections={sections}
                components={state.components}
                selected={selected}
                onSelect={setSelected}
                onChange={(next, announce) => {
                  apply((f) => ({ ...f, [templateFile]: setIn(f[templateFile], ["sections"], next) }));
                  setStatus(announce);
                }}
              />
            </Form.Provider>
          </section>
        </div>
        <section className="page" aria-labelledby="preview-title">
          <h2 id="preview-title">
            <FormattedMessage id="editor.preview" />
          </h2>
          <div className="choices">
            <label>
              <FormattedMessage id="editor.preview.kind" />
              <select
                value={kind}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setKind(next);
                  setAddress(state.templates.find((t) => t.name === next)?.addresses[0] ?? "/");
                  setSelected(null);
                }}
              >
                {kinds.map((t) => (
                  <option key={t.name} value={t.name}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <FormattedMessage id="editor.preview.address" />
              <select
                value={shownAddress ?? ""}
                onChange={(event) => setAddress(event.currentTarget.value)}
                disabled={!shownAddress}
              >
                {addresses.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <FormattedMessage id="editor.preview.prefix" />
              <select value={prefix} onChange={(event) => setPrefix(event.currentTarget.value as Prefix)}>
                {state.prefixes.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <FormattedMessage id="editor.preview.width" />
              <select value={width} onChange={(event) => setWidth(Number(event.currentTarget.value))}>
                {state.widths.map((w) => (
                  <option key={w} value={w}>
                    {intl.formatMessage({ id: "editor.preview.px" }, { width: w })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {shownAddress ? null : (
            <p>
              <FormattedMessage id="editor.preview.noAddress" values={{ kind }} />
            </p>
          )}
          <Preview
            address={shownAddress ? withPrefix(prefix, shownAddress) : null}
            width={width}
            draft={{ ...draft, "theme.json": files["theme.json"] }}
            renderKey={renderKey}
            template={template}
            selected={selected}
            onPick={(picked, index) => {
              setRegion(picked);
              setSelected(index);
              setStatus(intl.formatMessage({ id: "editor.picked" }, { position: index + 1 }));
            }}
          />
        </section>
      </main>
    </>
  );
}
