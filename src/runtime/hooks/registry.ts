// Where hooks find the running services. Boot fills it (startServices); tests fill it
// with fakes and empty it after. On the server nothing is provided and the hooks show
// the signed-out, empty state, which is also what the first client render must match.
import type { Api } from "../api/client";
import type { Bus } from "../bus";
import type { Cart } from "../cart";
import type { Favorites } from "../favorites";
import type { Session } from "../session";
import type { Toasts } from "../toast";

export interface ServiceMap {
  bus: Bus;
  api: Api;
  session: Session;
  cart: Cart;
  favorites: Favorites;
  toasts: Toasts;
}

let provided: Partial<ServiceMap> = {};

export function provideServices(services: Partial<ServiceMap>): void {
  provided = { ...provided, ...services };
}

export function clearServices(): void {
  provided = {};
}

/** The service, or undefined where none runs (server rendering, a test that left it out). */
export function findService<K extends keyof ServiceMap>(name: K): ServiceMap[K] | undefined {
  return provided[name];
}

/** The service; throws when it is not running, for actions that cannot do without it. */
export function getService<K extends keyof ServiceMap>(name: K): ServiceMap[K] {
  const service = provided[name];
  if (!service) throw new Error(`[services] ${name} is not running; startServices() (or a test) provides it`);
  return service;
}
