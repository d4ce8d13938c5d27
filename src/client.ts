// The browser entry: the boot chunk. React and the components load later, with the first
// island that hydrates.
import { registry } from "./registry/index";
import { boot } from "./runtime/boot";

void boot({ win: window, registry });
