// Images load when they come within 1.3 viewport heights of the top of the screen (SPEC.md §9,
// the "preload factor"), once. The server writes loading="lazy" so a page without scripts, or
// a crawler, still gets its images; the browser may start such an image sooner by its own
// measure (Chromium's is over a thousand pixels), and this makes 1.3 the latest point in every
// browser: an image that comes that close is switched to eager loading. An image inside an
// island still to hydrate waits for it (React compares the server's attributes as it hydrates).
// Nothing ever retries a failed image: it keeps its reserved box and shows its alt text.
import { ISLAND_MOUNTED } from "./page-events";

/** SPEC.md §9. */
export const PRELOAD_FACTOR = 1.3;

export interface LazyImagesEnv {
  document: Document;
  IntersectionObserver?: typeof IntersectionObserver;
  MutationObserver?: typeof MutationObserver;
}

const LAZY = 'img[loading="lazy"]';

/** Watches the page's lazy images, those there now and those islands and navigation add; returns a stop. */
export function watchLazyImages(env: LazyImagesEnv): () => void {
  const { document: doc } = env;
  if (!env.IntersectionObserver || !env.MutationObserver) return () => {};
  // Near images inside islands that have not hydrated yet.
  const waiting = new Set<HTMLImageElement>();
  const promote = (img: HTMLImageElement) => {
    if (img.closest('[data-component]:not([data-island="mounted"])')) waiting.add(img);
    else img.loading = "eager";
  };
  const onMounted = () => {
    // A copy: an image whose island is still pending goes back into the set.
    const near = [...waiting];
    waiting.clear();
    for (const img of near) if (img.isConnected) promote(img);
  };
  doc.addEventListener(ISLAND_MOUNTED, onMounted);
  const near = new env.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        promote(entry.target as HTMLImageElement);
      }
    },
    // The screen and 0.3 of its height below it: an image whose top is above 1.3 heights.
    { rootMargin: `0px 0px ${Math.round((PRELOAD_FACTOR - 1) * 100)}% 0px` },
  );
  const watch = (root: ParentNode) => {
    if (root instanceof Element && root.matches(LAZY)) near.observe(root);
    for (const img of root.querySelectorAll(LAZY)) near.observe(img);
  };
  watch(doc);
  const added = new env.MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === 1) watch(node as Element);
    }
  });
  added.observe(doc.body, { childList: true, subtree: true });
  return () => {
    near.disconnect();
    added.disconnect();
    doc.removeEventListener(ISLAND_MOUNTED, onMounted);
    waiting.clear();
  };
}
