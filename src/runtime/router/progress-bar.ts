// The page-load indicator: a thin bar at the top of the viewport while a page fetch is
// pending. It appears only after a short delay, so fast pages never flash it, and not at
// all for links marked data-no-load or pages known to be flagged noLoad; an answer that
// says noLoad hides it at once (visit.ts). The document carries aria-busy meanwhile, which
// is what assistive technology reads; the bar itself is decoration.
import type { Clock } from "../env";

export const PROGRESS_DELAY_MS = 150;
export const PROGRESS_CLASS = "sf-progress";

export interface ProgressBar {
  /** A fetch started; `silent` skips the bar but still marks the document busy. */
  start(options?: { silent?: boolean }): void;
  /** The answer says the page is not to be loaded: no bar from now on; the document stays busy until done(). */
  hide(): void;
  /** The fetch ended (answer, failure or abort). */
  done(): void;
}

export function createProgressBar(
  doc: Document,
  clock: Pick<Clock, "setTimeout" | "clearTimeout">,
  delayMs = PROGRESS_DELAY_MS,
): ProgressBar {
  let timer: unknown = null;
  let bar: HTMLElement | null = null;

  function show() {
    timer = null;
    bar = doc.createElement("div");
    bar.className = PROGRESS_CLASS;
    bar.setAttribute("aria-hidden", "true");
    bar.appendChild(doc.createElement("div")).className = `${PROGRESS_CLASS}__bar`;
    doc.body.appendChild(bar);
  }

  function clear() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    bar?.remove();
    bar = null;
  }

  return {
    start(options = {}) {
      clear();
      doc.documentElement.setAttribute("aria-busy", "true");
      if (!options.silent) timer = clock.setTimeout(show, delayMs);
    },
    hide: clear,
    done() {
      clear();
      doc.documentElement.removeAttribute("aria-busy");
    },
  };
}
