// Keeps what an island shows on screen for its leave transition (SPEC.md §9: 75 ms, see
// src/styles/motion.css): after `value` turns null, the last value stays for LEAVE_MS with
// `leaving` true, so the element can carry .sf-leaving; at once under reduced motion, where
// nothing moves.
import { useEffect, useState } from "react";

export const LEAVE_MS = 75;

export function usePresence<T>(value: T | null): { shown: T | null; leaving: boolean } {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  const leaving = value === null && last !== null;
  useEffect(() => {
    if (!leaving) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
    const timer = setTimeout(() => setLast(null), still ? 0 : LEAVE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);
  return { shown: value ?? last, leaving };
}
