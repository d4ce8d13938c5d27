// The shared chunks' plan, from a first build's metafile (scripts/esbuild/shared-chunk.mjs).
import { describe, expect, it } from "vitest";
import { planSharedChunks } from "../../../scripts/esbuild/shared-chunk.mjs";

const out = (entryPoint: string | undefined, inputs: string[], imports: string[] = []) => ({
  ...(entryPoint ? { entryPoint } : {}),
  inputs: Object.fromEntries(inputs.map((i) => [i, { bytesInOutput: 1 }])),
  imports: imports.map((path) => ({ path, kind: "import-statement" })),
});

// boot and dynamic entry points: the router (runtime, no React), the layout islands (public),
// a sign-in island (private, with React) and two others, sharing small chunks esbuild split by
// who reaches them.
// The hook imports "react", which the build resolved to another path than node_modules/react:
// the plan goes by what the import resolved to.
const input = (imports: { path: string; original?: string }[] = []) => ({
  bytes: 1,
  imports: imports.map((i) => ({ kind: "import-statement", ...i })),
});
const metafile = {
  inputs: {
    "src/runtime/hooks/useApi.ts": input([{ path: "vendor/ui/compat.js", original: "react" }]),
    "vendor/ui/compat.js": input([{ path: "vendor/ui/core.js" }]),
    "vendor/ui/core.js": input(),
    "src/runtime/storage.ts": input(),
  },
  outputs: {
    "a/boot.js": out("src/client.ts", ["src/client.ts"], ["a/chunk-storage.js"]),
    "a/start.js": out(
      "src/runtime/router/start.ts",
      ["src/runtime/router/start.ts"],
      ["a/chunk-storage.js", "a/chunk-routes.js"],
    ),
    "a/layout.js": out(
      "generated/island-groups/layout.ts",
      ["generated/island-groups/layout.ts"],
      ["a/chunk-react.js", "a/chunk-hook.js", "a/chunk-routes.js"],
    ),
    "a/SignIn.js": out(
      "src/components/auth/SignIn.tsx",
      ["src/components/auth/SignIn.tsx"],
      ["a/chunk-react.js", "a/chunk-hook.js", "a/chunk-auth.js"],
    ),
    "a/Orders.js": out("src/components/account/Orders.tsx", ["src/components/account/Orders.tsx"], ["a/chunk-auth.js"]),
    "a/Help.js": out("src/components/content/Help.tsx", ["src/components/content/Help.tsx"]),
    "a/chunk-storage.js": out(undefined, ["src/runtime/storage.ts"]),
    "a/chunk-routes.js": out(undefined, ["src/shared/routes.ts"]),
    "a/chunk-react.js": out(undefined, ["vendor/ui/compat.js", "vendor/ui/core.js"]),
    "a/chunk-hook.js": out(undefined, ["src/runtime/hooks/useApi.ts"]),
    "a/chunk-auth.js": out(undefined, ["src/components/auth/use-form.ts"]),
    "a/chunk-auth.js.map": out(undefined, []),
  },
};

describe("planSharedChunks", () => {
  const [runtime, islands] = planSharedChunks(metafile, "/r", "src/client.ts");

  it("groups what the boot chunk and the entry points without React share in the runtime's chunk", () => {
    expect(runtime!.name).toBe("runtime");
    expect(runtime!.modules.sort()).toEqual(["/r/src/runtime/storage.ts", "/r/src/shared/routes.ts"]);
  });

  it("groups the rest the public islands share, React with it, in the islands' chunk", () => {
    expect(islands!.name).toBe("islands");
    expect(islands!.modules.sort()).toEqual(["/r/src/runtime/hooks/useApi.ts", "/r/vendor/ui/compat.js", "/r/vendor/ui/core.js"]);
    expect(islands!.modules).not.toContain("/r/src/components/auth/use-form.ts");
  });

  it("gives the islands' chunk only to entry points that bring React, and the runtime's to all of those and the router", () => {
    expect(islands!.importers.sort()).toEqual(["/r/generated/island-groups/layout.ts", "/r/src/components/auth/SignIn.tsx"]);
    expect(runtime!.importers.sort()).toEqual(
      ["/r/generated/island-groups/layout.ts", "/r/src/components/auth/SignIn.tsx", "/r/src/runtime/router/start.ts"].sort(),
    );
  });
});
