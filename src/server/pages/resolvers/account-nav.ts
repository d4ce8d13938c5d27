// The account navigation every user page shows: its sections under the router config's
// userPath, the one the route belongs to marked current.
import type { AccountNavProps } from "../../../../generated/types";
import type { ResolveContext } from "./context";

type Section = AccountNavProps["items"][number]["id"];

const SECTIONS: readonly Section[] = ["center", "order", "return", "address", "favorite", "article", "security", "log", "info"];

const SECTION_OF: Readonly<Record<string, Section>> = {
  "user-center": "center",
  "user-order": "order",
  "user-order-detail": "order",
  "user-return": "return",
  "user-return-detail": "return",
  "user-address": "address",
  "user-favorite": "favorite",
  "user-article": "article",
  "user-security": "security",
  "user-security-activity": "security",
  "user-log": "log",
  "user-info": "info",
  "user-account": "info",
};

export function accountNav(ctx: ResolveContext): AccountNavProps["items"] {
  const current = SECTION_OF[ctx.match.name];
  return SECTIONS.map((id) => ({ id, href: ctx.links.user(id), ...(id === current ? { current: true } : {}) }));
}
