// The inquiry pages: a product's request-a-quote form with the product as a card
// (inquiry/{slug}), and the feedback form (inquiry/feedback). Both are open to visitors.
// ?sent={number} shows the confirmation of a request the database holds for this form;
// ?failed={reason} the form with why its plain post failed (src/server/pages/contact-posts.ts).
import type { InquiryFailure, InquiryPageData } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { productCard, type ResolveContext, type Resolver, slugOf } from "./context";
import { notFound } from "./error";

const FAILURES: readonly InquiryFailure[] = ["contact", "invalid", "limited"];
const REFERENCE = /^[A-Z0-9]{6,32}$/;

/** What the address says about the form's last sending. */
function outcome(ctx: ResolveContext, sentIn: (reference: string) => boolean): Pick<InquiryPageData, "reference" | "failure"> {
  const sent = ctx.query.get("sent") ?? "";
  if (REFERENCE.test(sent) && sentIn(sent)) return { reference: sent };
  const failure = FAILURES.find((f) => f === ctx.query.get("failed"));
  return failure ? { failure } : {};
}

export const resolvers = {
  "inquiry-detail": (ctx) => {
    const product = ctx.store.productBySlug.get(slugOf(ctx));
    if (!product) return notFound(ctx);
    const held = ctx.db.prepare("SELECT 1 FROM inquiries WHERE reference = ? AND product_slug = ?");
    return {
      status: 200,
      template: "inquiry",
      page: {
        title: `${ctx.t("page.inquiry.title")}: ${product.title}`,
        kind: "quote",
        products: [productCard(ctx, product)],
        productSlug: product.slug,
        productId: product.id,
        ...outcome(ctx, (reference) => held.get(reference, product.slug) !== undefined),
      },
    };
  },
  "inquiry-feedback": (ctx) => {
    const held = ctx.db.prepare("SELECT 1 FROM feedback WHERE reference = ?");
    return {
      status: 200,
      template: "inquiry",
      page: {
        title: ctx.t("page.feedback.title"),
        kind: "feedback",
        products: [],
        ...outcome(ctx, (reference) => held.get(reference) !== undefined),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
