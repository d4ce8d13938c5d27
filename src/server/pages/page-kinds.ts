// The page kinds: each template that renders a whole page (templates/{kind}.json) and the
// type of the data it binds to under `page`, generated from schemas/pages/{kind}.schema.json.
// A resolver's answer names its kind, and its page data must be of that kind's type.
import type {
  AccountPageData,
  ArticlePageData,
  CartPageData,
  CheckoutPageData,
  ContentPageData,
  ErrorPageData,
  HomePageData,
  InquiryPageData,
  LinksPageData,
  ListingPageData,
  ProductDetailPageData,
  SearchPageData,
  SignInPageData,
  SignUpPageData,
  ThankYouPageData,
  UserOrderDetailPageData,
  UserOrderPageData,
} from "../../../generated/types";

export interface PageDataByKind {
  account: AccountPageData;
  article: ArticlePageData;
  cart: CartPageData;
  checkout: CheckoutPageData;
  content: ContentPageData;
  error: ErrorPageData;
  home: HomePageData;
  inquiry: InquiryPageData;
  links: LinksPageData;
  listing: ListingPageData;
  "product-detail": ProductDetailPageData;
  search: SearchPageData;
  signin: SignInPageData;
  signup: SignUpPageData;
  thankyou: ThankYouPageData;
  "user-order": UserOrderPageData;
  "user-order-detail": UserOrderDetailPageData;
}

export type PageKind = keyof PageDataByKind;

/** What a page resolves to: its status, the template (page kind) that renders it, and that kind's data. */
export type Resolved = { [K in PageKind]: { status: number; template: K; page: PageDataByKind[K] } }[PageKind];

/** A resolved page of one kind. */
export type ResolvedAs<K extends PageKind> = Extract<Resolved, { template: K }>;

/** Every page kind: the templates whose bind paths are checked against a page-data schema. */
export const PAGE_KINDS = [
  "account",
  "article",
  "cart",
  "checkout",
  "content",
  "error",
  "home",
  "inquiry",
  "links",
  "listing",
  "product-detail",
  "search",
  "signin",
  "signup",
  "thankyou",
  "user-order",
  "user-order-detail",
] as const satisfies readonly PageKind[];

// A kind added to PageDataByKind but not to PAGE_KINDS does not type-check.
const everyKindListed: Exclude<PageKind, (typeof PAGE_KINDS)[number]> extends never ? true : never = true;
void everyKindListed;
