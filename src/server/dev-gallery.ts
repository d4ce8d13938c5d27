// Outside production: /dev/gallery, every registered component rendered from its schema's
// `examples`, for theme authors. Each example is a preview frame (a storefront document with
// the one island, server-rendered and hydrated as on a page) at the width of one of the
// theme's breakpoints, in one of the three languages, beside an editor holding its props:
// as you type, the props are checked against the component's schema (pointer and message)
// and a valid edit renders the frame again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Registry } from "../registry/types";
import { describeValidationError } from "../shared/describe-error";
import { languageOf, MESSAGE_LANGUAGES, type MessageLanguage } from "../shared/languages";
import { loadMessages } from "../shared/messages";
import { resolveTheme } from "../shared/theme/resolve-theme";
import { themeStyleElement } from "../shared/theme/theme-style";
import type { ClientBuild } from "./client-build";
import { renderDocument } from "./document";
import { escapeHtml } from "./html";
import { contentSecurityPolicy, inlineSources } from "./security";
import { IslandPropsError, renderIsland } from "./ssr";
import type { LocalizedStore } from "./store/load";
import { storeFor } from "./store/localize";

export const GALLERY_PATH = "/dev/gallery";
const PREVIEW_PATH = `${GALLERY_PATH}/preview`;
const CHECK_PATH = `${GALLERY_PATH}/check`;
const PHONE_WIDTH = 360;
/** Longest props text a preview address or a check takes. */
const MAX_PROPS_LENGTH = 64 * 1024;

export interface GalleryDeps {
  registry: Registry;
  store: LocalizedStore;
  client: ClientBuild;
  /** Where schemas/components/{Name}.schema.json are; read on each request, so edited examples show at once. */
  schemaDir: string;
}

/** A component's examples: its schema's `examples`, or none when the schema cannot be read. */
export function examplesOf(schemaDir: string, component: string): unknown[] {
  try {
    const schema = JSON.parse(readFileSync(join(schemaDir, "components", `${component}.schema.json`), "utf8")) as {
      examples?: unknown[];
    };
    return Array.isArray(schema.examples) ? schema.examples : [];
  } catch {
    return [];
  }
}

const languageParam = (value: unknown): MessageLanguage =>
  MESSAGE_LANGUAGES.includes(value as MessageLanguage) ? (value as MessageLanguage) : "en";

/** The first rule `props` break in `component`'s schema, or none. */
async function problemsOf(
  registry: Registry,
  component: string,
  props: unknown,
): Promise<{ pointer: string; message: string }[]> {
  const validate = (await registry[component]!.validator()).default;
  if (validate(structuredClone(props))) return [];
  const { pointer, message } = describeValidationError(validate.errors?.[0]);
  return [{ pointer: pointer || "/", message }];
}

/** The gallery's headers; the policy allows the inline scripts and styles of `trusted` (the server's own markup), by hash. */
function gallerySecurity(reply: FastifyReply, trusted: string): FastifyReply {
  return reply
    .header("content-security-policy", `${contentSecurityPolicy(inlineSources(trusted))}; frame-src 'self'`)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8");
}

export function registerDevGallery(app: FastifyInstance, deps: GalleryDeps): void {
  const known = (name: unknown): name is string => typeof name === "string" && Object.hasOwn(deps.registry, name);

  app.get(GALLERY_PATH, async (request, reply) => {
    const query = request.query as { lang?: string; screen?: string };
    const lang = languageParam(query.lang);
    // The theme's breakpoints, and the smallest screen a layout must work on below them.
    const screens: Record<string, number> = {
      phone: PHONE_WIDTH,
      ...(resolveTheme(storeFor(deps.store, lang).theme).container.screens as Record<string, number>),
    };
    const screen = query.screen && Object.hasOwn(screens, query.screen) ? query.screen : "lg";
    const width = screens[screen]!;
    const link = (params: { lang: string; screen: string }, label: string, current: boolean) =>
      `<a href="${GALLERY_PATH}?lang=${params.lang}&amp;screen=${params.screen}"${current ? ' aria-current="true"' : ""}>${escapeHtml(label)}</a>`;
    const languages = MESSAGE_LANGUAGES.map((l) => link({ lang: l, screen }, languageOf(l).name, l === lang)).join(" ");
    const widths = Object.entries(screens)
      .sort((a, b) => a[1] - b[1])
      .map(([name, px]) => link({ lang, screen: name }, `${name} (${px} px)`, name === screen))
      .join(" ");
    const names = Object.keys(deps.registry).sort();
    const sections = names
      .map((name) => {
        const examples = examplesOf(deps.schemaDir, name);
        const items = examples
          .map((example, i) => {
            const id = `${name}-${i}`;
            const json = JSON.stringify(example, null, 2);
            return `<li class="example" data-component="${escapeHtml(name)}" data-lang="${lang}">
<iframe title="${escapeHtml(`${name}, example ${i + 1}`)}" src="${PREVIEW_PATH}?component=${encodeURIComponent(name)}&amp;example=${i}&amp;lang=${lang}" width="${width}" height="320" loading="lazy"></iframe>
<label for="${id}">Props of ${escapeHtml(name)}, example ${i + 1} (JSON)</label>
<textarea id="${id}" rows="8" spellcheck="false" aria-describedby="${id}-problems">${escapeHtml(json)}</textarea>
<ul id="${id}-problems" class="problems" aria-live="polite"></ul></li>`;
          })
          .join("");
        return `<section aria-labelledby="c-${escapeHtml(name)}"><h2 id="c-${escapeHtml(name)}">${escapeHtml(name)}</h2>${
          items
            ? `<ul class="examples">${items}</ul>`
            : `<p>No examples in schemas/components/${escapeHtml(name)}.schema.json.</p>`
        }</section>`;
      })
      .join("");
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Component gallery</title>
${GALLERY_STYLE}</head>
<body><header><h1>Component gallery</h1>
<nav aria-label="Language">${languages}</nav>
<nav aria-label="Screen width">${widths}</nav>
<p>${names.length} components. Edit the props: they are checked against the component's schema as you type, and valid props render the preview again.</p></header>
<main>${sections}</main>
${EDITOR_ELEMENT}
</body></html>`;
    return gallerySecurity(reply, GALLERY_STYLE + EDITOR_ELEMENT).send(html);
  });

  app.get(PREVIEW_PATH, async (request, reply) => {
    const query = request.query as { component?: string; example?: string; props?: string; lang?: string };
    if (!known(query.component)) return reply.code(404).type("text/plain").send("unknown component");
    const name = query.component;
    let props: unknown;
    if (typeof query.props === "string") {
      if (query.props.length > MAX_PROPS_LENGTH) return reply.code(413).type("text/plain").send("props too long");
      try {
        props = JSON.parse(query.props);
      } catch {
        return reply.code(400).type("text/plain").send("props are not JSON");
      }
    } else {
      props = examplesOf(deps.schemaDir, name)[Number(query.example ?? 0)];
      if (props === undefined) return reply.code(404).type("text/plain").send("no such example");
    }
    const lang = languageParam(query.lang);
    const language = languageOf(lang);
    const store = storeFor(deps.store, lang);
    const messages = { ...(await loadMessages("en")), ...(await loadMessages(lang)) };
    const path = `${PREVIEW_PATH}?component=${name}`;
    let island: string;
    try {
      island = await renderIsland(deps.registry, name, props, {
        context: { locale: language.locale, messages, path, router: store.config.router },
        uid: "g0-",
        // At once, as a page's first islands are.
        hydrate: "load",
      });
    } catch (err) {
      const text = err instanceof IslandPropsError ? err.message : `${name} failed to render: ${(err as Error).message}`;
      return reply.code(400).type("text/plain").send(text);
    }
    const headExtra = themeStyleElement(store.theme);
    const html = renderDocument({
      lang: language.locale,
      initialData: {
        meta: { title: `${name} | Component gallery`, robots: "noindex" },
        config: store.config,
        theme: { config: store.theme },
      },
      pageHead: "",
      pageBody: `<h1 class="sf-visually-hidden">${escapeHtml(name)}</h1>${island}`,
      pageFoot: "",
      assets: deps.client.assets(),
      headExtra,
    });
    return gallerySecurity(reply, headExtra).send(html);
  });

  app.post(CHECK_PATH, async (request, reply) => {
    const body = request.body as { component?: unknown; props?: unknown } | undefined;
    if (!known(body?.component)) return reply.code(404).send({ problems: [{ pointer: "/", message: "unknown component" }] });
    return reply.send({ problems: await problemsOf(deps.registry, body.component, body.props) });
  });
}

// The editor: as you type (a pause of 300 ms), JSON first, then the schema (the server's
// check); valid props load the preview frame again with them.
const EDITOR_SCRIPT = `
const show = (list, problems) => {
  list.replaceChildren(...problems.map((p) => Object.assign(document.createElement("li"), { textContent: p.pointer + "  " + p.message })));
};
for (const item of document.querySelectorAll("li.example")) {
  const area = item.querySelector("textarea");
  const frame = item.querySelector("iframe");
  const list = item.querySelector(".problems");
  const component = item.dataset.component;
  let timer = 0;
  area.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      let props;
      try {
        props = JSON.parse(area.value);
      } catch (err) {
        area.setAttribute("aria-invalid", "true");
        return show(list, [{ pointer: "JSON", message: err.message }]);
      }
      const answer = await fetch(${JSON.stringify(CHECK_PATH)}, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ component, props }),
      });
      const { problems } = await answer.json();
      show(list, problems);
      area.setAttribute("aria-invalid", String(problems.length > 0));
      if (problems.length) return;
      const url = new URL(frame.src, location.href);
      url.searchParams.delete("example");
      url.searchParams.set("props", JSON.stringify(props));
      frame.src = url.pathname + url.search;
    }, 300);
  });
}
`;
const EDITOR_ELEMENT = `<script type="module">${EDITOR_SCRIPT}</script>`;

const GALLERY_STYLE = `<style>
body { font-family: system-ui, sans-serif; margin: 0 1rem 2rem; color: #1a1a1a; }
nav { margin: .5rem 0; } nav a { margin-right: .75rem; } a[aria-current] { font-weight: 700; }
.examples { list-style: none; padding: 0; } .example { display: grid; gap: .25rem; margin-bottom: 1.5rem; overflow-x: auto; }
iframe { border: 1px solid #767676; max-width: none; } textarea { font-family: ui-monospace, monospace; width: min(100%, 60rem); }
.problems { color: #a00000; margin: 0; }
</style>`;
