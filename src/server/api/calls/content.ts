// The newsletter (reviews: review.ts; quote requests and feedback: contact.ts; search: search.ts).
import { defineCall } from "../register";
import { limitAnonymousWrite } from "./shared";

export const contentCalls = [
  defineCall("newsletter/subscribe", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    ctx.deps.db
      .prepare("INSERT OR IGNORE INTO newsletter (email, created_at) VALUES (?, ?)")
      .run(ctx.body.email.toLowerCase(), ctx.deps.clock());
    return {};
  }),
];
