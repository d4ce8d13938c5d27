// The topics of the account's event log, in the order its filter offers them: the part of an
// event's kind before the dot (schemas/components/AccountLog.schema.json, AccountLogTopic).
import type { AccountLogTopic } from "../../generated/types";

export const ACCOUNT_LOG_TOPICS = [
  "profile",
  "security",
  "address",
  "order",
  "return",
  "credits",
] as const satisfies readonly AccountLogTopic[];
