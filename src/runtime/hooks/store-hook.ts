// useSyncExternalStore over a service, with a fallback value where the service is absent.
import { useSyncExternalStore } from "react";

export interface ExternalStore<T> {
  getSnapshot(): T;
  subscribe(onChange: () => void): () => void;
}

const noSubscription = () => () => {};

export function useServiceState<T>(store: ExternalStore<T> | undefined, fallback: T): T {
  return useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    store ? store.getSnapshot : () => fallback,
    // The server has no services: it renders the fallback, and hydration starts from it too.
    () => fallback,
  );
}
