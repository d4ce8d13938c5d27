import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // .ci/run reads the JSON report for its closing line.
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
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
          // One Chromium at a time: CI has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
