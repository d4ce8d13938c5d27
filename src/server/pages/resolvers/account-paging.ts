// The pages of an account list read with ?page=N (sign-in history, event log): a fixed page
// size, and a page number past the last answered as not found, so that the number is bounded
// by the list itself.
import type { ListingPaging } from "../../../../generated/types";
import { pageLinks, pageOf } from "./listing";

export const ACCOUNT_PAGE_SIZE = 20;

export interface AccountPage {
  page: number;
  pageCount: number;
  offset: number;
  limit: number;
}

/** The page the query asks for among `total` entries, or null when it is past the last. */
export function accountPage(query: URLSearchParams, total: number): AccountPage | null {
  const pageCount = Math.max(1, Math.ceil(total / ACCOUNT_PAGE_SIZE));
  const page = pageOf(query.get("page"));
  if (page > pageCount) return null;
  return { page, pageCount, offset: (page - 1) * ACCOUNT_PAGE_SIZE, limit: ACCOUNT_PAGE_SIZE };
}

/** The page links, only when there is more than one page; `hrefOf` gives each page's address. */
export function accountPaging(at: AccountPage, hrefOf: (page: number) => string): { paging?: ListingPaging } {
  return at.pageCount > 1 ? { paging: pageLinks(at.page, at.pageCount, hrefOf) } : {};
}

/** "Title (2/5)" past the first page, so that each page has its own document title. */
export function pageTitle(title: string, at: AccountPage): string {
  return at.page > 1 ? `${title} (${at.page}/${at.pageCount})` : title;
}

/** `path` with these query values, the empty ones and page 1 left out. */
export function withQuery(path: string, values: Record<string, string | number>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === "" || (key === "page" && value === 1)) continue;
    query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
