import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // .ci/run reads the JSON report for its closing line.
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    // Vitest's default on a 2-core machine is one worker (cores - 1): two run these files in 245 s instead of 336 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
      {
        // Server and shared code run without a DOM, as they do in production: a path that
        // touches `window` or `document` fails here instead of passing under happy-dom.
        test: {
          name: "node",
          include: ["tests/shared/**/*.test.{ts,tsx}", "tests/integration/server/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          exclude: ["tests/integration/server/**"],
          environment: "happy-dom",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time, after the other projects: two browser files at once were no faster
          // here (opening a page costs Chromium about 0.6 s of CPU, which two at once share).
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          // One module graph for every file: each file no longer imports the server and Playwright anew.
          isolate: false,
        },
      },
    ],
  },
});
