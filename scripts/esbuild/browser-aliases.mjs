// What the browser build puts in place of React (build.mjs, clientOptions), shared with the
// vitest project that runs the unit tests as shoppers get them (vitest.config.ts, browser-runtime).
//
// Islands run on Preact in the browser, written against React's API (preact/compat); the
// server renders them with React. wouter's fallback for React 17 and older goes too: compat
// has the hook, which the shim only hands on.
export const browserAliases = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "use-sync-external-store/shim/index.js": "preact/compat",
};
