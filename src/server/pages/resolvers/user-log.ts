// The account's event log, newest first, a page at a time and filtered by topic
// (?kind=order&page=2; an unknown topic shows every one, a page past the last is not found).
// Events about an order or a return link to it.
import type { AccountLogEntry } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { ACCOUNT_LOG_TOPICS, accountLogTotal, readAccountLog } from "../../account/log";
import { accountNav } from "./account-nav";
import { accountPage, accountPaging, pageTitle, withQuery } from "./account-paging";
import { type ResolveContext, type Resolver, viewerOf } from "./context";
import { notFound } from "./error";

function hrefOf(ctx: ResolveContext, entry: Omit<AccountLogEntry, "href">): string | undefined {
  const { orderNo, returnNo } = entry.details;
  if (entry.kind.startsWith("order.") && orderNo) return `${ctx.links.user("order")}/${orderNo}`;
  if (entry.kind.startsWith("return.") && returnNo) return `${ctx.links.user("return")}/${returnNo}`;
  return undefined;
}

export const resolvers = {
  "user-log": (ctx) => {
    const { userId } = viewerOf(ctx);
    const topic = ACCOUNT_LOG_TOPICS.find((t) => t === ctx.query.get("kind")) ?? null;
    const total = accountLogTotal(ctx.db, userId, topic);
    const at = accountPage(ctx.query, total);
    if (!at) return notFound(ctx);
    const items = readAccountLog(ctx.db, userId, { topic, offset: at.offset, limit: at.limit });
    const path = ctx.links.user("log");
    return {
      status: 200,
      template: "user-log",
      page: {
        title: pageTitle(ctx.t("page.user.log.title"), at),
        nav: accountNav(ctx),
        log: {
          items: items.map((entry) => {
            const href = hrefOf(ctx, entry);
            return href ? { ...entry, href } : entry;
          }),
          total,
          topic: topic ?? "",
          action: path,
          ...accountPaging(at, (page) => withQuery(path, { kind: topic ?? "", page })),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
