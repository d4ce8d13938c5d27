// The shell of the test-only tools' pages (/dev/orders, /dev/moderation, /dev/outbox): plain
// HTML without script, never cached, under a policy that allows nothing but posting their own
// forms back to this server; and the form reader their actions share.
import type { FastifyInstance, FastifyReply } from "fastify";
import { escapeHtml } from "./html";

/** A message above the page: what the last action did, or why it was refused. */
export interface DevNotice {
  ok: boolean;
  text: string;
}

export function sendDevPage(
  reply: FastifyReply,
  page: { title: string; notice?: DevNotice | null; body: string; status?: number },
) {
  const notice = page.notice ? `<p role="${page.notice.ok ? "status" : "alert"}">${escapeHtml(page.notice.text)}</p>` : "";
  return reply
    .code(page.status ?? 200)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("content-security-policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head><body><main>
<h1>${page.title}</h1>${notice}${page.body}
</main></body></html>`,
    );
}

/** Reads the tools' plain form posts (`application/x-www-form-urlencoded`) as an object, up to `bodyLimit` bytes. */
export function acceptPlainForms(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
