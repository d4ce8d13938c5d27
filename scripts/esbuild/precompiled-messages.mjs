// The browser's message files, parsed at build time: each generated/messages/{language}.json
// becomes a module holding its messages as ICU syntax trees (which react-intl formats without
// parsing), written as one JSON.parse string (a JSON import would become a module with a named
// export per message, half again as large once gzipped). With every message parsed, the
// browser needs no ICU parser: the bundle takes formatjs's build without it.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { parse } from "@formatjs/icu-messageformat-parser";

const require = createRequire(import.meta.url);

/** @type {import("esbuild").Plugin} */
export const precompiledMessages = {
  name: "precompiled-messages",
  setup(build) {
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, () => ({
      path: require.resolve("@formatjs/icu-messageformat-parser/no-parser.js"),
    }));
    build.onLoad({ filter: /[\\/]generated[\\/]messages[\\/][^\\/]+\.json$/ }, async (args) => {
      /** @type {Record<string, string>} */
      const messages = JSON.parse(await readFile(args.path, "utf8"));
      const parsed = Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(parsed))});`, loader: "js" };
    });
  },
};
