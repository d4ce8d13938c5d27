// The quote and feedback forms as plain form posts, for a browser that has not run (or cannot
// run) the InquiryForm island: POST {prefix}/inquiry/{slug} with the form's fields runs the
// same call as the island (inquiry/submit, feedback/submit: their schema, limits, storage and
// mails), then answers 303 to the page with ?sent={number} (the confirmation) or
// ?failed={reason} (the form again, saying why). Another site's page cannot post it: a
// foreign Origin or Sec-Fetch-Site is refused, as for /api/web.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { InquiryFailure } from "../../../generated/types";
import { isPrefix } from "../../shared/languages";
import { contactCalls } from "../api/calls/contact";
import { ApiFail } from "../api/envelope";
import { languageOfRequest } from "../api/language";
import { type ApiDeps, visitorIdOf } from "../api/register";
import { addFormBodyParser, refuseCrossSite } from "../forms/register";

/** The route of the feedback form (SPEC.md's "inquiry feedback"); every other slug is a product. */
const FEEDBACK_SLUG = "feedback";

/** The request body the island would send: blank fields left out, numbers as numbers. */
function bodyOf(slug: string, fields: URLSearchParams): Record<string, unknown> {
  const text = (name: string) => fields.get(name)?.trim() || undefined;
  const quantity = text("quantity");
  const common = {
    name: text("name"),
    email: text("email"),
    phone: text("phone")?.replace(/[\s-]/g, ""),
    message: text("message"),
  };
  const body =
    slug === FEEDBACK_SLUG
      ? { topic: text("topic"), ...common }
      : {
          productSlug: slug,
          quantity: quantity === undefined ? undefined : Number(quantity),
          company: text("company"),
          ...common,
        };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

function failureOf(err: unknown): InquiryFailure {
  if (err instanceof ApiFail)
    return err.status === 429 ? "limited" : err.id === "refusal.contact.required" ? "contact" : "invalid";
  throw err;
}

export function registerContactPosts(app: FastifyInstance, deps: ApiDeps): void {
  const calls = new Map(contactCalls.map((call) => [call.path, call]));
  void app.register(async (scope) => {
    // Form posts are read here only; the API keeps taking JSON alone.
    addFormBodyParser(scope);
    const handle = async (request: FastifyRequest<{ Params: { prefix?: string; slug: string } }>, reply: FastifyReply) => {
      const { prefix, slug } = request.params;
      if (prefix !== undefined && !isPrefix(prefix)) return reply.code(404).send({ code: 40, msg: "There is no such call." });
      if (refuseCrossSite(request, reply)) return reply;
      const page = `${prefix ? `/${prefix}` : ""}/inquiry/${encodeURIComponent(slug)}`;
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const path = slug === FEEDBACK_SLUG ? "feedback/submit" : "inquiry/submit";
      const body = bodyOf(slug, fields);
      let query: string;
      if (!deps.schemas.get(`api/${path}.request.schema.json`)(body)) {
        query = "failed=invalid";
      } else {
        try {
          const answer = (await calls.get(path)!.handler({
            body,
            user: null,
            token: undefined,
            visitorId: visitorIdOf(request) ?? "",
            request,
            deps,
            language: languageOfRequest(request),
          })) as { reference: string };
          query = `sent=${answer.reference}`;
        } catch (err) {
          query = `failed=${failureOf(err)}`;
        }
      }
      return reply.code(303).header("location", `${page}?${query}`).send();
    };
    scope.post("/inquiry/:slug", handle);
    scope.post("/:prefix/inquiry/:slug", handle);
  });
}
