// Outside production: /dev/moderation, the moderator's queue for testers. Every comment
// awaiting moderation, oldest first, with Approve and Reject as plain forms (no script):
// an approved comment shows to every reader, a rejected one to nobody.
import type { FastifyInstance, FastifyReply } from "fastify";
import { type ApiDeps, isCrossSite } from "./api/register";
import { type Moderation, moderateComment, pendingComments } from "./article-comments";
import { acceptPlainForms, type DevNotice, sendDevPage } from "./dev-page";
import { escapeHtml } from "./html";
import { createLinks } from "./pages/links";

const ID = /^[1-9]\d{0,15}$/;
const DECISIONS: Record<string, Moderation> = { approve: "approved", reject: "rejected" };

export function registerDevModeration(app: FastifyInstance, deps: ApiDeps): void {
  const { db, store } = deps;
  const links = createLinks(store.config.router, null);

  const render = (reply: FastifyReply, message: DevNotice | null, status = 200) => {
    const e = escapeHtml;
    const rows = pendingComments(db)
      .map((c) => {
        const href = links.article(c.article_slug);
        return `<tr><th scope="row">${c.id}</th><td><a href="${e(href)}">${e(c.article_slug)}</a></td><td>${e(c.account)}</td><td>${new Date(c.created_at).toISOString()}</td><td>${e(c.body)}</td><td><form method="post" action="/dev/moderation/${c.id}">
<button type="submit" name="decision" value="approve">Approve comment ${c.id}</button>
<button type="submit" name="decision" value="reject">Reject comment ${c.id}</button></form></td></tr>`;
      })
      .join("");
    const table = rows
      ? `<table><thead><tr><th scope="col">Comment</th><th scope="col">Article</th><th scope="col">Account</th><th scope="col">Written (UTC)</th><th scope="col">Text</th><th scope="col">Decision</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>No comments are awaiting moderation.</p>";
    return sendDevPage(reply, {
      title: "Comment moderation (test only)",
      notice: message,
      status,
      body: `<p><a href="/dev/orders">Orders</a> · <a href="/dev/outbox">Outbox</a></p>
<h2>Awaiting moderation</h2>${table}`,
    });
  };

  app.register(async (scope) => {
    acceptPlainForms(scope, 1024);
    scope.get("/dev/moderation", async (request, reply) => {
      const done = (request.query as { done?: string }).done;
      return render(reply, typeof done === "string" && done ? { ok: true, text: `Done: ${done.slice(0, 100)}.` } : null);
    });
    scope.post("/dev/moderation/:id", async (request, reply) => {
      if (isCrossSite(request)) return reply.code(403).send("Requests from other sites are not accepted.");
      const { id } = request.params as { id: string };
      const decision = DECISIONS[String((request.body as Record<string, unknown> | undefined)?.decision ?? "")];
      if (!ID.test(id) || !decision) return render(reply, { ok: false, text: "Choose approve or reject for a comment." }, 400);
      if (!moderateComment(db, Number(id), decision, deps.clock())) {
        return render(reply, { ok: false, text: `Comment ${id} is not awaiting moderation.` }, 409);
      }
      return reply.redirect(`/dev/moderation?done=${encodeURIComponent(`comment ${id} ${decision}`)}`, 303);
    });
  });
}
