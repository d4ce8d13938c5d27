// The page kinds: each template that renders a whole page (templates/{kind}.json) and the
// type of the data it binds to under `page`, generated from schemas/pages/{kind}.schema.json
// (generated/page-kinds.ts). A resolver's answer names its kind, and its page data must be
// of that kind's type.
import type { PageDataByKind, PageKind } from "../../../generated/page-kinds";

export { PAGE_KINDS, type PageDataByKind, type PageKind } from "../../../generated/page-kinds";

/** What a page resolves to: its status, the template (page kind) that renders it, and that kind's data. */
export type Resolved = { [K in PageKind]: { status: number; template: K; page: PageDataByKind[K] } }[PageKind];

/** A resolved page of one kind. */
export type ResolvedAs<K extends PageKind> = Extract<Resolved, { template: K }>;
