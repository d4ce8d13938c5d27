// Undo and redo over every change since the editor was opened: each change is a new state of
// the draft (the design files), kept whole; typing in one field is one step, not one per key.
import { useCallback, useState } from "react";

export type Files = Record<string, unknown>;

interface History {
  past: Files[];
  present: Files;
  future: Files[];
  /** The field the last step changed: a next change of it joins that step. */
  lastKey: string | null;
}

export function useHistory(initial: Files) {
  const [history, setHistory] = useState<History>({ past: [], present: initial, future: [], lastKey: null });
  /** Applies `change` to the draft; `key` names the field, so that typing in it stays one step. */
  const apply = useCallback((change: (files: Files) => Files, key: string | null = null) => {
    setHistory((h) => {
      const next = change(h.present);
      if (next === h.present) return h;
      const joins = key !== null && key === h.lastKey && h.past.length > 0;
      return { past: joins ? h.past : [...h.past, h.present], present: next, future: [], lastKey: key };
    });
  }, []);
  const undo = useCallback(() => {
    setHistory((h) =>
      h.past.length === 0
        ? h
        : { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future], lastKey: null },
    );
  }, []);
  const redo = useCallback(() => {
    setHistory((h) =>
      h.future.length === 0
        ? h
        : { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), lastKey: null },
    );
  }, []);
  return {
    files: history.present,
    apply,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
