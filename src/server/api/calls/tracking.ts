// Visitor tracks (url, referer, timezone every 10 s) and page durations (beacons), limited per
// visitor and address; src/server/purge.ts bounds what they keep.
import type * as T from "../../../../generated/types";
import { randomToken } from "../../auth/tokens";
import { defineCall } from "../register";
import { clientIp, limitAnonymousWrite } from "./shared";

export const trackingCalls = [
  defineCall("visitor/track", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    // A visitor without the cookie gets an id here; the client stores it.
    const visitorId = ctx.visitorId || randomToken();
    ctx.deps.db
      .prepare(
        "INSERT INTO visitor_tracks (visitor_id, user_id, url, referer, timezone, ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        visitorId,
        ctx.user?.id ?? null,
        ctx.body.url,
        ctx.body.referer,
        ctx.body.timezone,
        clientIp(ctx.request),
        String(ctx.request.headers["user-agent"] ?? "").slice(0, 300),
        ctx.deps.clock(),
      );
    return { visitorId } satisfies T.VisitorTrackResponse;
  }),

  defineCall("stat/duration", "optional", (ctx) => {
    limitAnonymousWrite(ctx);
    ctx.deps.db
      .prepare("INSERT INTO durations (visitor_id, user_id, url, seconds, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(
        ctx.visitorId,
        ctx.user?.id ?? null,
        String(ctx.request.headers.referer ?? "").slice(0, 2048),
        ctx.body.duration,
        ctx.deps.clock(),
      );
    return null;
  }),
];
