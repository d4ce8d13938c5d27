// The browser entry: the boot chunk. Preact (standing in for React) and the components load
// later, per island.
import { registry } from "./registry/index";
import { boot } from "./runtime/boot";

// Islands run on Preact in the browser (build.mjs): a development build loads its checks (hooks
// misused, hydration against other markup) before any island renders, as React's would have.
if (__DEV__) await import("preact/debug");

void boot({ win: window, registry });
