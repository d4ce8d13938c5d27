// Outside production: /dev/editor, the theme editor (README, "Theme authors"). The page is a
// shell for the editor's own bundle (src/editor/, built into dist/editor/) with what it opens
// with (state.ts). Its calls:
// - check: a draft of design files checked by the code of `npm run validate`, each problem
//   with its JSON pointer and line;
// - save: the same check, then the files written in STORE_DIR as formatLike writes them and
//   the shop's design read again (store/design.ts; other workers see the files change);
// - frame: a page of the shop rendered with the draft, for the preview frame (a form post
//   into it, so any worker can answer it: no draft is held by the server).
import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type Checker, createChecker, type Problem } from "../../../../scripts/validate.mjs";
import type { Registry } from "../../../registry/types";
import { MESSAGE_LANGUAGES, type MessageLanguage } from "../../../shared/languages";
import { matchPath } from "../../../shared/routes";
import { themeStyleElement } from "../../../shared/theme/theme-style";
import type { ClientBuild } from "../../client-build";
import type { Db } from "../../db/open";
import { createPageService, isUserRoute } from "../../pages/page-service";
import { pageDocument, viewerOf } from "../../pages/routes-plugin";
import type { SchemaSet } from "../../schemas";
import { contentSecurityPolicy, injectOrigins, inlineSources } from "../../security";
import { stockSnapshot } from "../../stock";
import { DESIGN_FILE, reloadDesign } from "../../store/design";
import type { LocalizedStore } from "../../store/load";
import { storeFor } from "../../store/localize";
import { formatLike } from "./json-format";
import { editorState } from "./state";
import { testShopper } from "./test-shopper";

export const EDITOR_PATH = "/dev/editor";
const ASSET_FILE = /^[a-z][\w-]*\.(js|css)(\.map)?$/;
/** The most files a draft may hold: the theme and every template of a store, with room to spare. */
const MAX_FILES = 128;
/** The longest draft a frame takes (the theme and the templates it renders, as JSON). */
const MAX_DRAFT = 1024 * 1024;
const MAX_ADDRESS = 2048;

export interface EditorDeps {
  store: LocalizedStore;
  registry: Registry;
  client: ClientBuild;
  db: Db;
  schemas: SchemaSet;
  /** Where schemas/ is: the editor checks with the validator's own copy of it. */
  schemaDir: string;
  /** The editor's bundle (build.mjs): dist/editor/. */
  editorDir: string;
}

type Files = Record<string, unknown>;
export type FileProblems = Record<string, Problem[]>;

/** The design files of a draft, or why it is not one. */
function draftFiles(body: unknown): Files | string {
  const files = (body as { files?: unknown } | null)?.files;
  if (typeof files !== "object" || files === null || Array.isArray(files)) return "files must be an object";
  const names = Object.keys(files);
  if (names.length > MAX_FILES) return `at most ${MAX_FILES} files`;
  const wrong = names.find((name) => !DESIGN_FILE.test(name));
  return wrong === undefined ? (files as Files) : `${JSON.stringify(wrong.slice(0, 100))} is no design file`;
}

const languageOf = (value: unknown): MessageLanguage =>
  MESSAGE_LANGUAGES.includes(value as MessageLanguage) ? (value as MessageLanguage) : "en";

/** The text of a store file, or undefined when there is none. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

export function registerDevEditor(app: FastifyInstance, deps: EditorDeps): void {
  const components = Object.keys(deps.registry);
  // Compiling every schema takes a second or two: once, when the editor is first used.
  let checker: Checker | undefined;
  const checkerOf = () => {
    checker ??= createChecker(deps.schemaDir);
    return checker;
  };
  /** Each file's text as it would be written, and its problems (warnings too, which do not stop a save). */
  const check = (files: Files) => {
    const texts = new Map<string, string>();
    const problems: FileProblems = {};
    for (const [name, value] of Object.entries(files)) {
      const text = formatLike(value, readText(join(deps.store.dir, name)));
      texts.set(name, text);
      problems[name] = checkerOf().check(name, text).problems;
    }
    return { texts, problems };
  };
  const blocking = (problems: FileProblems) => Object.values(problems).some((list) => list.some((p) => !p.warning));

  app.get(EDITOR_PATH, async (request, reply) => {
    const lang = languageOf((request.query as { lang?: unknown }).lang);
    const state = editorState(deps.store, checkerOf(), components);
    // Inside a <script> element, "<" could close it: written as \u003c, which JSON reads back.
    const json = JSON.stringify({ ...state, lang }).replace(/</g, "\\u003c");
    const html = `<!doctype html>
<html lang="${lang === "zh" ? "zh-CN" : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Theme editor</title>
<link rel="stylesheet" href="${EDITOR_PATH}/assets/editor.css">
<script type="module" src="${EDITOR_PATH}/assets/editor.js"></script>
</head><body><div id="editor"><p>The theme editor needs JavaScript.</p></div>
<script type="application/json" id="editor-state">${json}</script>
</body></html>`;
    return reply
      .header("content-security-policy", `${contentSecurityPolicy({ scripts: [], styles: [] })}; frame-src 'self'`)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(html);
  });

  app.get<{ Params: { file: string } }>(`${EDITOR_PATH}/assets/:file`, async (request, reply) => {
    const { file } = request.params;
    const text = ASSET_FILE.test(file) ? readText(join(deps.editorDir, file)) : undefined;
    if (text === undefined) return reply.code(404).type("text/plain").send("no such file");
    return reply
      .header("cache-control", "no-cache")
      .type(
        file.endsWith(".css")
          ? "text/css; charset=utf-8"
          : file.endsWith(".map")
            ? "application/json"
            : "text/javascript; charset=utf-8",
      )
      .send(text);
  });

  app.post(`${EDITOR_PATH}/check`, async (request, reply) => {
    const files = draftFiles(request.body);
    if (typeof files === "string") return reply.code(400).send({ message: files });
    return reply.header("cache-control", "no-store").send({ problems: check(files).problems });
  });

  app.post(`${EDITOR_PATH}/save`, async (request, reply) => {
    const files = draftFiles(request.body);
    if (typeof files === "string") return reply.code(400).send({ message: files });
    const { texts, problems } = check(files);
    // Nothing is written while any file breaks a rule: the author sees each problem beside its control.
    if (blocking(problems)) return reply.code(422).send({ problems, saved: [] });
    const saved: string[] = [];
    for (const [name, text] of texts) {
      const path = join(deps.store.dir, name);
      if (readText(path) === text) continue;
      // Whole or not at all: a server reading the file meanwhile never sees half of it.
      const temporary = `${path}.${process.pid}.editing`;
      await writeFile(temporary, text);
      await rename(temporary, path);
      saved.push(name);
    }
    if (saved.length) reloadDesign(deps.store, deps.schemas, components);
    return reply.header("cache-control", "no-store").send({ problems, saved });
  });

  // A plain form post: fields `address` (the page's path with its language prefix) and `draft`.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 2 * MAX_DRAFT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(`${EDITOR_PATH}/frame`, async (request, reply) => {
      const { address, draft } = (request.body ?? {}) as { address?: unknown; draft?: unknown };
      if (typeof address !== "string" || !address.startsWith("/") || address.length > MAX_ADDRESS)
        return reply.code(400).type("text/plain").send("address must be a path of the shop");
      if (typeof draft !== "string" || draft.length > MAX_DRAFT)
        return reply.code(400).type("text/plain").send("draft must be the design files as JSON");
      let files: Files | string;
      try {
        files = draftFiles(JSON.parse(draft));
      } catch {
        files = "draft is not JSON";
      }
      if (typeof files === "string") return reply.code(400).type("text/plain").send(files);
      return sendFrame(reply, deps, address, files, viewerOf(deps.db, request.headers, false));
    });
  });
}

/** The shop's page at `address` rendered with the draft's theme and templates over the store's. */
async function sendFrame(
  reply: FastifyReply,
  deps: EditorDeps,
  address: string,
  files: Files,
  viewer: ReturnType<typeof viewerOf>,
) {
  const templates = new Map(deps.store.templates);
  for (const [name, value] of Object.entries(files)) {
    if (name.startsWith("templates/")) templates.set(name.slice("templates/".length, -".json".length), value as never);
  }
  const theme = (files["theme.json"] as LocalizedStore["theme"] | undefined) ?? deps.store.theme;
  // The store with the draft's design: everything else (the catalog, its lookups) is the store's own.
  const store = Object.create(deps.store, {
    theme: { value: theme, enumerable: true },
    templates: { value: templates, enumerable: true },
  }) as LocalizedStore;
  const pages = createPageService({
    store,
    db: deps.db,
    registry: deps.registry,
    log: { error: (message) => reply.log.error(message) },
    stock: () => stockSnapshot(deps.db, storeFor(deps.store, "en")),
    islands: null,
  });
  const url = new URL(address, "http://localhost");
  // An account page needs a shopper: the author's own session, else the editor's test shopper.
  const route = matchPath(pages.routes, url.pathname)?.name ?? "";
  const shopper = viewer ?? (isUserRoute(route) ? testShopper(deps.db, Date.now()) : null);
  const result = await pages.render({ pathname: url.pathname, query: url.searchParams, viewer: shopper });
  const themeStyle = themeStyleElement(theme);
  const inline = inlineSources(themeStyle);
  const origins = injectOrigins(theme);
  return reply
    .code(result.status)
    .header(
      "content-security-policy",
      contentSecurityPolicy({ scripts: [...inline.scripts, ...origins.scripts], styles: [...inline.styles, ...origins.styles] }),
    )
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(pageDocument(store, result, deps.client.assets(), themeStyle));
}
