import type { ToastRequest } from "../bus";
import type { Toast } from "../toast";
import { findService, getService } from "./registry";
import { useServiceState } from "./store-hook";

const NO_TOASTS: readonly Toast[] = [];

/** Shows toasts from a component. */
export function useToast() {
  return {
    show: (request: ToastRequest) => getService("toasts").show(request),
    dismiss: (id: number) => getService("toasts").dismiss(id),
  };
}

/** The toasts on screen (the Toaster reads this). */
export function useToasts(): readonly Toast[] {
  return useServiceState(findService("toasts"), NO_TOASTS);
}
