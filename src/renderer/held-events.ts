// What a shopper does to an island while its code loads: the press that started it (an
// `interaction` island begins to load on pointerenter, touchstart or focus) is followed at
// once by a click, which would reach buttons that nothing handles yet, or post a form the
// island is about to take over. Clicks on its buttons and its forms' submissions are held
// from the moment it starts to mount and given back once it has: to its handlers, or, when it
// failed, to the plain HTML (a form posts as it would have without script). Links, inputs and
// disclosures act at once, as they do without script.

/**
 * Buttons whose click is held, and whatever an island marks `data-hold-click` (an element that
 * acts on a click once hydrated, like the product's images opening the viewer): a click on
 * anything else (a link, a label, a field) goes on.
 */
const BUTTONS = 'button, input[type="submit"], input[type="button"], input[type="image"], [data-hold-click]';

export interface HeldEvents {
  /** Stops holding, and from the next task replays what was held, each once and in order. */
  release(): void;
  /** Stops holding and forgets what was held (the island is gone). */
  drop(): void;
}

export function holdEvents(el: HTMLElement, win: Window): HeldEvents {
  const held: { target: Element; replay: () => void }[] = [];
  const hold = (target: Element, replay: () => void) => {
    // A second press on the same control while waiting is the same wish, not two.
    if (!held.some((h) => h.target === target)) held.push({ target, replay });
  };
  // Immediate: React listens on the island element too once hydration has begun.
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTONS) : null;
    if (!button || !el.contains(button)) return;
    stop(event);
    hold(button, () => button.click());
  };
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    stop(event);
    hold(form, () => form.requestSubmit(submitter?.form === form ? submitter : undefined));
  };
  el.addEventListener("click", onClick, true);
  el.addEventListener("submit", onSubmit, true);
  let released = false;
  const stopHolding = () => {
    released = true;
    el.removeEventListener("click", onClick, true);
    el.removeEventListener("submit", onSubmit, true);
  };
  return {
    drop() {
      stopHolding();
      held.length = 0;
    },
    release() {
      if (released) return;
      stopHolding();
      if (held.length === 0) return;
      // After the commit's effects, so that handlers see the island as it now is.
      win.setTimeout(() => {
        for (const { target, replay } of held) if (target.isConnected) replay();
      }, 0);
    },
  };
}
