// Outside production: /dev/outbox lists the mails the store "sent", newest first, so a
// tester can follow verification and reset links.
import type { FastifyInstance } from "fastify";
import type { Db } from "./db/open";
import { sendDevPage } from "./dev-page";
import { escapeHtml } from "./html";

export function registerDevOutbox(app: FastifyInstance, db: Db): void {
  app.get("/dev/outbox", async (request, reply) => {
    const rows = db.prepare("SELECT recipient, subject, body, link, created_at FROM outbox ORDER BY id DESC LIMIT 100").all() as {
      recipient: string;
      subject: string;
      body: string;
      link: string;
      created_at: number;
    }[];
    if ((request.query as { format?: string }).format === "json") return rows;
    const items = rows
      .map(
        (m) =>
          `<li><p><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.recipient)} at ${new Date(m.created_at).toISOString()}</p>` +
          `<p>${escapeHtml(m.body)}</p>${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ""}</li>`,
      )
      .join("");
    return sendDevPage(reply, { title: "Outbox", body: `<ul>${items || "<li>No mails yet.</li>"}</ul>` });
  });
}
