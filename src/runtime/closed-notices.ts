// Header notices a shopper closed stay closed, on every page and visit: the flag is kept in
// localStorage under the notice's id. A notice's island hydrates only when the shopper reaches
// for it, so a page's closed notices are hidden here as soon as the page runs (and again after
// each client navigation), without React; the island, once hydrated, renders nothing for them.
import { parseProps } from "../renderer/parse-props";

const closedKey = (id: string) => `sf.notice.closed.${id}`;

export function isNoticeClosed(storage: Pick<Storage, "getItem">, id: string): boolean {
  try {
    return storage.getItem(closedKey(id)) === "1";
  } catch {
    return false;
  }
}

export function rememberNoticeClosed(storage: Pick<Storage, "setItem">, id: string): void {
  try {
    storage.setItem(closedKey(id), "1");
  } catch {
    // Storage may be unavailable (private mode); the notice then stays closed for this page only.
  }
}

/** Hides the island of every HeaderNotice on the page whose id the shopper closed. */
export function hideClosedNotices(doc: Document, storage: Pick<Storage, "getItem">): void {
  for (const el of Array.from(doc.querySelectorAll<HTMLElement>('[data-component="HeaderNotice"]'))) {
    // Read as the renderer reads them; props it refuses (with its own warning) hide nothing.
    const props = parseProps(el.getAttribute("data-props"));
    const id = props.ok ? (props.value as { id?: unknown } | null)?.id : undefined;
    if (typeof id === "string" && isNoticeClosed(storage, id)) el.hidden = true;
  }
}
