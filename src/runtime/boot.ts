// Starts the page: reads the server's initial data, sends a 401 page to sign-in, and
// mounts the islands of the head, body and foot regions.
import type { InitialData } from "../../generated/types";
import type { Registry } from "../registry/types";
import { createRenderer, type Renderer } from "../renderer/islands";
import type { Win } from "../renderer/strategies";
import { checkInitialData, parseInitialData, statusOf } from "./initial-data";
import { createProvidersLoader } from "./island-providers";

export const REGION_IDS = ["page-head", "page-body", "page-foot"] as const;

export interface BootEnv {
  win: Win;
  registry: Registry;
  logger?: Pick<Console, "warn" | "error">;
}

export interface Booted {
  data: InitialData | null;
  renderer: Renderer;
}

export function signInAddress(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `/auth/signin?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}

export async function boot(env: BootEnv): Promise<Booted | null> {
  const { win, registry } = env;
  const logger = env.logger ?? console;
  const doc = win.document;
  const parsed = parseInitialData(doc);
  if (parsed.ok && statusOf(parsed.value) === 401) {
    win.location.replace(signInAddress(win.location));
    return null;
  }
  const renderer = createRenderer({ registry, win, logger, loadProviders: createProvidersLoader(doc) });
  const regions = REGION_IDS.map((id) => doc.getElementById(id)).filter((el) => el !== null);
  const [checked] = await Promise.all([
    parsed.ok ? checkInitialData(parsed.value) : parsed,
    ...regions.map((el) => renderer.mountRegion(el)),
  ]);
  if (!checked.ok) logger.error(`[boot] ${checked.message}; the page runs with its server HTML and defaults`);
  return { data: checked.ok ? checked.data : null, renderer };
}
