import { useEffect, useRef } from "react";
import type { LiveFrame } from "../bus";
import { findService } from "./registry";

/** Calls back for each live channel frame of this type while the component is mounted. */
export function useLiveMessage(type: string, onFrame: (frame: LiveFrame) => void): void {
  const latest = useRef(onFrame);
  latest.current = onFrame;
  useEffect(() => {
    const bus = findService("bus");
    if (!bus) return;
    const handler = (frame: LiveFrame) => latest.current(frame);
    bus.on(`message:${type}`, handler);
    return () => bus.off(`message:${type}`, handler);
  }, [type]);
}
