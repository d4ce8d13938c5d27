import { useCallback } from "react";
import type { ApiCalls, CallName } from "../../../generated/api-calls";
import type { Api, CallOptions } from "../api/client";
import { requireService, useServices } from "./services-context";

/** The /api/web client, for components that make their own calls (rendered in the browser only). */
export function useApi(): Api {
  return requireService(useServices(), "api");
}

/**
 * Posts a call. The client is looked up when the call is made, so a component that also
 * renders on the server, where no services run, can hold this from its first render.
 */
export function useApiPost() {
  const services = useServices();
  return useCallback(
    <C extends CallName>(call: C, body: ApiCalls[C]["request"], options?: CallOptions): Promise<ApiCalls[C]["response"]> =>
      requireService(services, "api").post(call, body, options),
    [services],
  );
}
