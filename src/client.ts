// The browser entry: the boot chunk. React and components load later, per island.
import { registry } from "./registry/index";
import { boot } from "./runtime/boot";

void boot({ win: window, registry });
