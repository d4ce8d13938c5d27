import type { Api } from "../api/client";
import { getService } from "./registry";

/** The /api/web client, for components that make their own calls. */
export function useApi(): Api {
  return getService("api");
}
