import { useEffect, useRef } from "react";
import type { Events } from "../bus";
import { useServices } from "./services-context";

/** Calls back for each event of this type on the services' bus while the component is mounted. */
export function useBusEvent<K extends keyof Events>(type: K, onEvent: (event: Events[K]) => void): void {
  const { bus } = useServices();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!bus) return;
    const handler = (event: Events[K]) => latest.current(event);
    bus.on(type, handler);
    return () => bus.off(type, handler);
  }, [bus, type]);
}
