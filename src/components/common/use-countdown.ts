// Whole seconds left until a moment, ticking once a second while there are any: the waits
// before "Send again", the life of a QR code, the end of a promotion.
//
// `renderedAt` is for an island the server rendered: the server's clock when it wrote the
// time left. The first render (the server's, and the hydrating one) counts from it, so both
// write the same figure. From then on the browser counts down from that figure on its own
// steady clock, and never shows more time than the browser's wall clock leaves: a browser
// clock that runs behind cannot stretch the wait, while a page that waited a while before
// hydrating (a slow connection, a page restored for Back) is corrected by a clock that is right.
import { useEffect, useState } from "react";

export function useCountdown(until: number, renderedAt?: number): number {
  const [left, setLeft] = useState(() => until - (renderedAt ?? Date.now()));
  useEffect(() => {
    const mounted = performance.now();
    const serverLeft = renderedAt === undefined ? Number.POSITIVE_INFINITY : until - renderedAt;
    const read = () => Math.min(until - Date.now(), serverLeft - (performance.now() - mounted));
    const now = read();
    setLeft(now);
    if (now <= 0) return;
    const timer = setInterval(() => {
      const next = read();
      setLeft(next);
      if (next <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, renderedAt]);
  return Math.max(0, Math.ceil(left / 1000));
}
