// A header dropdown that is a <details> disclosure (it opens and closes without script): once
// hydrated, Escape closes it and gives the focus back to its summary, and a press outside it or
// on a link inside it closes it too (the header stays on screen while the router swaps the page
// below, so a menu left open would hang over the next page).
import { type KeyboardEvent, type RefObject, useEffect, useRef } from "react";

export function useDropdown(): { ref: RefObject<HTMLDetailsElement | null>; onKeyDown(event: KeyboardEvent): void } {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const doc = details.ownerDocument;
    const onPress = (event: Event) => {
      if (!details.open) return;
      const target = event.target as Node;
      if (!details.contains(target) || (target instanceof Element && target.closest("a[href]"))) details.open = false;
    };
    doc.addEventListener("click", onPress);
    return () => doc.removeEventListener("click", onPress);
  }, []);
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || !ref.current?.open) return;
    ref.current.open = false;
    ref.current.querySelector("summary")?.focus();
  }
  return { ref, onKeyDown };
}
