// The newsletter (reviews: review.ts; quote requests and feedback: contact.ts; search: search.ts).
import { defineCall } from "../register";
import { limitAnonymousWrite } from "./shared";

export const contentCalls = [
  defineCall("newsletter/subscribe", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    ctx.deps.db
      .prepare("INSERT INTO newsletter (email, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
      .run(ctx.body.email.toLowerCase(), ctx.deps.clock());
    return {};
  }),
];
