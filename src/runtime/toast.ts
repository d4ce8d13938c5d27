// Short messages for the shopper. Each toast closes itself after its duration (1 s by
// default; hovering or focusing it pauses that), can be closed by hand, and stacks with
// the others, the oldest dropped beyond MAX_TOASTS. The Toaster island that shows them is
// created only when the first toast comes, so pages without toasts never load React for it;
// each toast asks for it again, so one that failed to load (offline) is tried once more.
import type { Bus, ToastKind, ToastRequest, ToastText } from "./bus";
import type { Clock } from "./env";

export const TOAST_DURATION_MS = 1000;
export const MAX_TOASTS = 5;

export interface Toast {
  id: number;
  kind: ToastKind;
  message: ToastText;
  /** 0: stays until closed. */
  duration: number;
}

export interface ToastEnv {
  bus: Bus;
  clock: Clock;
  /** Puts the Toaster island on the page unless one is there; called with every toast. */
  mountToaster?: () => void;
}

export interface Toasts {
  start(): void;
  stop(): void;
  show(request: ToastRequest): number;
  dismiss(id: number): void;
  /** Holds a toast open while the shopper reads it (hover, focus). */
  pause(id: number): void;
  resume(id: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(onChange: () => void): () => void;
}

export function createToasts(env: ToastEnv): Toasts {
  const { bus, clock } = env;
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, unknown>();
  const listeners = new Set<() => void>();

  function set(next: readonly Toast[]) {
    toasts = next;
    for (const listener of [...listeners]) listener();
  }

  function schedule(toast: Toast) {
    if (toast.duration > 0)
      timers.set(
        toast.id,
        clock.setTimeout(() => dismiss(toast.id), toast.duration),
      );
  }

  function unschedule(id: number) {
    if (timers.has(id)) clock.clearTimeout(timers.get(id));
    timers.delete(id);
  }

  function dismiss(id: number) {
    unschedule(id);
    if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
  }

  function show(request: ToastRequest): number {
    const toast: Toast = {
      id: nextId++,
      kind: request.kind ?? "info",
      message: request.message,
      duration: Math.max(0, request.duration ?? TOAST_DURATION_MS),
    };
    const kept = toasts.slice(Math.max(0, toasts.length - MAX_TOASTS + 1));
    for (const dropped of toasts.slice(0, toasts.length - kept.length)) unschedule(dropped.id);
    set([...kept, toast]);
    schedule(toast);
    env.mountToaster?.();
    return toast.id;
  }

  return {
    start() {
      bus.on("toast:show", show);
    },
    stop() {
      bus.off("toast:show", show);
      for (const id of [...timers.keys()]) unschedule(id);
    },
    show,
    dismiss,
    pause: unschedule,
    resume(id) {
      const toast = toasts.find((t) => t.id === id);
      if (toast && !timers.has(id)) schedule(toast);
    },
    getSnapshot: () => toasts,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
