// act for the runtime under test: React's in the unit project, Preact's in the browser-runtime
// project, where "react" is preact/compat (which has no act).
import { act as preactAct } from "preact/test-utils";
import * as React from "react";

export const act: (callback: () => void | Promise<void>) => Promise<void> = (React as Partial<typeof React>).act ?? preactAct;
