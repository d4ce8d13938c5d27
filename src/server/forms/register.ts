// Plain form posts (issue 20): POST {prefix}/form/{name}, urlencoded, for a page whose
// islands have not run (no JavaScript, a script that failed to load). Each form's handler
// runs its API call (run-call.ts) and says where the shopper goes next; this turns that into
// Post/Redirect/Get: 303 to the result, or 303 back to the form's page with a flash of what
// went wrong (flash.ts). Another site's page cannot post these: a foreign Origin or
// Sec-Fetch-Site is refused with 403, and the session cookies are SameSite=Lax besides.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { VISITOR_COOKIE } from "../../shared/codes";
import { DEFAULT_PREFIX, isPrefix, type Language, languageOf, type Prefix } from "../../shared/languages";
import { isSameSitePath } from "../../shared/same-site-path";
import { type ApiDeps, isCrossSite, visitorIdOf } from "../api/register";
import { randomToken } from "../auth/tokens";
import { createLinks, type Links } from "../pages/links";
import { type FormState, writeFlash } from "./flash";
import { type CallOutcome, type CallSource, runCall } from "./run-call";

/** A form's fields travel in an address-sized body; nothing a form sends is larger. */
const FORM_BODY_LIMIT = 32 * 1024;

export interface FormContext {
  /** The fields as posted. */
  fields: URLSearchParams;
  /** The page the form is on (its `back` field, a same-site path), else the home page of its prefix. */
  back: string;
  /** The form's language prefix (null: the default language, whose addresses have none). */
  prefix: Prefix | null;
  language: Language;
  /** Addresses under the form's prefix, following the store's router rules. */
  links: Links;
  visitorId: string;
  request: FastifyRequest;
  /** For handlers that set or clear cookies (sign-in, sign-out). */
  reply: FastifyReply;
  deps: ApiDeps;
  /** Runs an API call's handler as this form post (run-call.ts). */
  run<C extends Parameters<typeof runCall>[0]>(call: C, body: Record<string, unknown>): Promise<CallOutcome<C>>;
}

/**
 * What a handler decides: success goes to `redirect` (with a `notice` message id for the page
 * there to show, and the `values` it is about); failure goes `back` with the flash `state`
 * (its `name` is set here).
 */
export type FormOutcome =
  | { redirect: string; notice?: string; values?: Record<string, string> }
  | { back: string; state: Omit<FormState, "name"> };

export type FormHandler = (ctx: FormContext) => FormOutcome | Promise<FormOutcome>;

export interface FormDef {
  readonly name: string;
  readonly handler: FormHandler;
}

export function defineForm(name: string, handler: FormHandler): FormDef {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) throw new Error(`form name "${name}" is not a flash name`);
  return { name, handler };
}

/** Reads urlencoded bodies as URLSearchParams in `scope` only: /api/web keeps taking JSON alone. */
export function addFormBodyParser(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );
}

/** Answers 403 to a post from another site's page; true when it did. */
export function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isCrossSite(request)) return false;
  void reply.code(403).type("text/plain; charset=utf-8").send("Forms from other sites are not accepted.");
  return true;
}

/** Passwords never go into a flash, whatever a handler hands back. */
const withoutPasswords = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));

export function registerFormPosts(app: FastifyInstance, deps: ApiDeps, forms: readonly FormDef[]): void {
  const byName = new Map(forms.map((form) => [form.name, form]));
  void app.register(async (scope) => {
    addFormBodyParser(scope);
    const handle = async (request: FastifyRequest<{ Params: { prefix?: string; name: string } }>, reply: FastifyReply) => {
      const { prefix: given, name } = request.params;
      const form = byName.get(name);
      if ((given !== undefined && !isPrefix(given)) || !form) {
        return reply.code(404).send({ code: 40, msg: "There is no such form." });
      }
      if (refuseCrossSite(request, reply)) return reply;
      if (!(request.body instanceof URLSearchParams)) {
        return reply.code(415).type("text/plain; charset=utf-8").send("The form must be application/x-www-form-urlencoded.");
      }
      const fields = request.body;
      const prefix = given === undefined ? null : given;
      const language = languageOf(prefix ?? DEFAULT_PREFIX);
      const links = createLinks(deps.store.config.router, prefix);
      const back = fields.get("back") ?? links.home();
      if (!isSameSitePath(back)) {
        return reply.code(400).type("text/plain; charset=utf-8").send("The form's return address must be a path of this site.");
      }
      let visitorId = visitorIdOf(request);
      if (!visitorId) {
        // A first post before any page set it (the cart is the visitor's): the same cookie a page sets.
        visitorId = randomToken();
        const secure = request.protocol === "https" ? "; Secure" : "";
        reply.header("set-cookie", `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`);
      }
      const source: CallSource = { request, reply, deps, language, visitorId };
      const outcome = await form.handler({
        fields,
        back,
        prefix,
        language,
        links,
        visitorId,
        request,
        reply,
        deps,
        run: (call, body) => runCall(call, body, source),
      });
      if ("redirect" in outcome) {
        if (outcome.notice) {
          writeFlash(reply, request, {
            name,
            values: withoutPasswords(outcome.values ?? {}),
            errors: {},
            notice: outcome.notice,
          });
        }
        return reply.code(303).header("location", outcome.redirect).header("cache-control", "no-store").send();
      }
      writeFlash(reply, request, { ...outcome.state, name, values: withoutPasswords(outcome.state.values) });
      return reply.code(303).header("location", outcome.back).header("cache-control", "no-store").send();
    };
    scope.post("/form/:name", handle);
    scope.post("/:prefix/form/:name", handle);
  });
}
