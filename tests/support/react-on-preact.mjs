// "react" in the browser-runtime project (vitest.config.ts): Preact's compat layer, as the browser
// build gives the islands, plus the act that preact/compat lacks, from Preact's test utilities,
// so the unit tests run unchanged on both runtimes. Plain JavaScript: preact/compat's types are
// an `export =`, which TypeScript does not let a module re-export.
export * from "preact/compat";
export { default } from "preact/compat";
export { act } from "preact/test-utils";
