// The running services, handed to components through React context: the island providers
// put them around every island in the browser. On the server, and in a test that gives
// none, the context is empty and the hooks show the signed-out, empty state, which is
// also what the first (hydrating) render in the browser must match.
import { createContext, type ReactNode, useContext } from "react";
import type { Api } from "../api/client";
import type { Bus } from "../bus";
import type { Cart } from "../cart";
import type { Favorites } from "../favorites";
import type { Session } from "../session";
import type { Toasts } from "../toast";

export interface Services {
  bus: Bus;
  api: Api;
  session: Session;
  cart: Cart;
  favorites: Favorites;
  toasts: Toasts;
}

/** What a provider may hold: every service in the browser, none on the server, some in a test. */
export type ProvidedServices = Partial<Services>;

const NO_SERVICES: ProvidedServices = Object.freeze({});

export const ServicesContext = createContext<ProvidedServices>(NO_SERVICES);
ServicesContext.displayName = "ServicesContext";

export function ServicesProvider({ services, children }: { services?: ProvidedServices | null; children?: ReactNode }) {
  return <ServicesContext.Provider value={services ?? NO_SERVICES}>{children}</ServicesContext.Provider>;
}

/** The services of the island this component renders in (none on the server). */
export function useServices(): ProvidedServices {
  return useContext(ServicesContext);
}

/** The service, for an action that cannot do without it; throws when it is not running. */
export function requireService<K extends keyof Services>(services: ProvidedServices, name: K): Services[K] {
  const service = services[name];
  if (!service) throw new Error(`[services] ${name} is not running; the island providers (or a test) provide it`);
  return service;
}
