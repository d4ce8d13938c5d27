// Quote requests (inquiry/submit) and feedback (feedback/submit): open to visitors, limited per
// visitor and per address, stored with a number, mailed to the shop's contact address (every
// detail) and, as a receipt, to the sender's email address or else phone (only the number and
// the product: a receipt never repeats what a stranger typed to whoever's address they gave).
import type * as T from "../../../../generated/types";
import { composeMail, type MailPlace, mailPlaceOf } from "../../auth/mails";
import { MAILS_PER_HOUR } from "../../mail";
import { createLinks } from "../../pages/links";
import { storeFor } from "../../store/localize";
import { fail } from "../envelope";
import { type CallContext, defineCall } from "../register";
import { limitVisitor, serialNumber } from "./shared";

/** Where the shop reads its mail when the store config names no contact address. */
export const FALLBACK_CONTACT_EMAIL = "shop@example.com";
/** The shop reads every request in English. */
const SHOP_PLACE: MailPlace = { prefix: "", language: "en" };

interface Contact {
  email?: string;
  phone?: string;
}

/** The checks both forms share: the limits, then a way to answer. */
function checkContact(ctx: CallContext<Contact>): void {
  limitVisitor(ctx, "contactForm", "contactFormIp");
  if (!ctx.body.email && !ctx.body.phone) fail("refusal.contact.required");
}

/** The receipt goes to the email address, else the phone, and never floods either. */
function sendReceipt(
  ctx: CallContext<Contact>,
  place: MailPlace,
  kind: "quoteReceipt" | "feedbackReceipt",
  path: string,
  values: Record<string, string>,
) {
  const to = ctx.body.email?.toLowerCase() ?? ctx.body.phone!;
  if (ctx.deps.mailer.recentTo(to) < MAILS_PER_HOUR) ctx.deps.mailer.send(composeMail(place, kind, to, path, values));
}

export const contactCalls = [
  defineCall("inquiry/submit", "optional", (ctx) => {
    checkContact(ctx);
    const { db, store, clock, mailer } = ctx.deps;
    const b = ctx.body;
    if (!store.productBySlug.has(b.productSlug)) fail("refusal.product.notFound");
    const place = mailPlaceOf(ctx.language);
    const now = clock();
    const reference = serialNumber("Q", now);
    const path = createLinks(store.config.router, null).product(b.productSlug);
    const shopTitle = storeFor(ctx.deps.localizedStore, SHOP_PLACE.language).productBySlug.get(b.productSlug)!.title;
    const localTitle = storeFor(ctx.deps.localizedStore, place.language).productBySlug.get(b.productSlug)!.title;
    db.transaction(() => {
      db.prepare(
        `INSERT INTO inquiries (user_id, product_slug, name, company, email, phone, quantity, message, reference, language, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        ctx.user?.id ?? null,
        b.productSlug,
        b.name,
        b.company ?? "",
        b.email?.toLowerCase() ?? "",
        b.phone ?? "",
        b.quantity,
        b.message,
        reference,
        place.language,
        now,
      );
      mailer.send(
        composeMail(SHOP_PLACE, "quote", store.config.contactEmail ?? FALLBACK_CONTACT_EMAIL, path, {
          reference,
          product: shopTitle,
          quantity: b.quantity,
          name: b.name,
          company: b.company ?? "-",
          email: b.email ?? "-",
          phone: b.phone ?? "-",
          message: b.message,
        }),
      );
      sendReceipt(ctx, place, "quoteReceipt", path, { reference, product: localTitle });
    })();
    return { reference } satisfies T.InquirySubmitResponse;
  }),

  defineCall("feedback/submit", "optional", (ctx) => {
    checkContact(ctx);
    const { db, store, clock, mailer } = ctx.deps;
    const b = ctx.body;
    const place = mailPlaceOf(ctx.language);
    const now = clock();
    const reference = serialNumber("F", now);
    db.transaction(() => {
      db.prepare(
        `INSERT INTO feedback (user_id, topic, name, email, phone, message, reference, language, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        ctx.user?.id ?? null,
        b.topic,
        b.name ?? "",
        b.email?.toLowerCase() ?? "",
        b.phone ?? "",
        b.message,
        reference,
        place.language,
        now,
      );
      mailer.send(
        composeMail(SHOP_PLACE, "feedback", store.config.contactEmail ?? FALLBACK_CONTACT_EMAIL, "", {
          reference,
          topic: b.topic,
          name: b.name ?? "-",
          email: b.email ?? "-",
          phone: b.phone ?? "-",
          message: b.message,
        }),
      );
      sendReceipt(ctx, place, "feedbackReceipt", "", { reference });
    })();
    return { reference } satisfies T.FeedbackSubmitResponse;
  }),
];
