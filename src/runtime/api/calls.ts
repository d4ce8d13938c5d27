// The /api/web calls with their request and answer types: generated from schemas/api/ into
// generated/api-calls.ts. Kept as a re-export for the modules that import it from here.
export type { ApiCalls, CallName } from "../../../generated/api-calls";
