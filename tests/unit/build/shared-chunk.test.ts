// The shared chunk's plan, from a first build's metafile (scripts/esbuild/shared-chunk.mjs).
import { describe, expect, it } from "vitest";
import { planSharedChunk } from "../../../scripts/esbuild/shared-chunk.mjs";

const out = (entryPoint: string | undefined, inputs: string[], imports: string[] = []) => ({
  ...(entryPoint ? { entryPoint } : {}),
  inputs: Object.fromEntries(inputs.map((i) => [i, { bytesInOutput: 1 }])),
  imports: imports.map((path) => ({ path, kind: "import-statement" })),
});

// boot and three dynamic entry points: the router (runtime), the layout islands (public) and an
// account island (private), sharing small chunks esbuild split by who reaches them.
const metafile = {
  outputs: {
    "a/boot.js": out("src/client.ts", ["src/client.ts"], ["a/chunk-storage.js"]),
    "a/start.js": out("src/runtime/router/start.ts", ["src/runtime/router/start.ts"], ["a/chunk-storage.js", "a/chunk-react.js"]),
    "a/layout.js": out(
      "generated/island-groups/layout.ts",
      ["generated/island-groups/layout.ts"],
      ["a/chunk-react.js", "a/chunk-hook.js"],
    ),
    "a/SignIn.js": out(
      "src/components/auth/SignIn.tsx",
      ["src/components/auth/SignIn.tsx"],
      ["a/chunk-hook.js", "a/chunk-auth.js"],
    ),
    "a/Orders.js": out("src/components/account/Orders.tsx", ["src/components/account/Orders.tsx"], ["a/chunk-auth.js"]),
    "a/Help.js": out("src/components/content/Help.tsx", ["src/components/content/Help.tsx"]),
    "a/chunk-storage.js": out(undefined, ["src/runtime/storage.ts"]),
    "a/chunk-react.js": out(undefined, ["node_modules/react/index.js"]),
    "a/chunk-hook.js": out(undefined, ["src/runtime/hooks/useApi.ts"]),
    "a/chunk-auth.js": out(undefined, ["src/components/auth/use-form.ts"]),
    "a/chunk-auth.js.map": out(undefined, []),
  },
};

describe("planSharedChunk", () => {
  const plan = planSharedChunk(metafile, "/r", "src/client.ts");

  it("groups the shared modules that the runtime's and the public areas' entry points reach", () => {
    expect(plan.modules.sort()).toEqual(
      ["/r/node_modules/react/index.js", "/r/src/runtime/hooks/useApi.ts", "/r/src/runtime/storage.ts"].sort(),
    );
  });

  it("leaves out what only private islands share, and gives the group to every entry point but boot that reaches it", () => {
    expect(plan.modules).not.toContain("/r/src/components/auth/use-form.ts");
    expect(plan.importers.sort()).toEqual(
      ["/r/generated/island-groups/layout.ts", "/r/src/components/auth/SignIn.tsx", "/r/src/runtime/router/start.ts"].sort(),
    );
  });
});
