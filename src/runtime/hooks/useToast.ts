import type { ToastRequest } from "../bus";
import type { Toast } from "../toast";
import { requireService, useServices } from "./services-context";
import { useServiceState } from "./store-hook";

const NO_TOASTS: readonly Toast[] = [];

/** Shows toasts from a component, and holds or closes those on screen (the Toaster). */
export function useToast() {
  const services = useServices();
  const toasts = () => requireService(services, "toasts");
  return {
    show: (request: ToastRequest) => toasts().show(request),
    dismiss: (id: number) => toasts().dismiss(id),
    /** Holds a toast open while the shopper reads it (hover, focus). */
    pause: (id: number) => toasts().pause(id),
    resume: (id: number) => toasts().resume(id),
  };
}

/** The toasts on screen (the Toaster reads this). */
export function useToasts(): readonly Toast[] {
  return useServiceState(useServices().toasts, NO_TOASTS);
}
