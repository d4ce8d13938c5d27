// The one event bus the services talk through. Each service declares the events it
// publishes here, so every subscriber is type-checked against the publisher.
import mitt, { type Emitter } from "mitt";
import type { PageTheme } from "../../generated/types";

export type Events = {
  /** A page finished rendering after client navigation (router). */
  "route:changed": { url: string; referrer: string };
  /** A navigation brought a page with this theme (router -> theme). */
  "route:theme": PageTheme;
};

export type Bus = Emitter<Events>;

export function createBus(): Bus {
  return mitt<Events>();
}
