// The /api/web client for the auth, header and newsletter forms, and the text a failed
// call shows inline (the server's own words when it sent any, SPEC.md §8).
import { useCallback } from "react";
import type { IntlShape } from "react-intl";
import { ApiError, type CallOptions } from "../../runtime/api/client";
import type { ApiCalls, CallName } from "../../runtime/api/calls";
import { getService } from "../../runtime/hooks/registry";

/** Posts a call; the service is looked up when the call is made, so server rendering never needs it. */
export function useApiPost() {
  return useCallback(
    <C extends CallName>(call: C, body: ApiCalls[C]["request"], options?: CallOptions): Promise<ApiCalls[C]["response"]> =>
      getService("api").post(call, body, options),
    [],
  );
}

export function failureMessage(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    return "text" in error.text ? error.text.text : intl.formatMessage({ id: error.text.id }, error.text.values);
  }
  return intl.formatMessage({ id: "api.unknown" });
}
