// The unit tests run twice: on React in the unit project, and on Preact, as shoppers get
// them, in the browser-runtime project (vitest.config.ts). This one fails if the browser build's
// aliases stop reaching that project, which would otherwise run React again without a word.
import { Component as PreactComponent } from "preact";
import { createRoot as preactCreateRoot } from "preact/compat/client";
import { Component } from "react";
import { createRoot } from "react-dom/client";
import { expect, it } from "vitest";

it("runs the islands on the runtime its project names", ({ task }) => {
  const onPreact = task.file.projectName === "browser-runtime";
  expect(Component === PreactComponent).toBe(onPreact);
  expect(createRoot === preactCreateRoot).toBe(onPreact);
});
