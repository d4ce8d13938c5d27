import type { UserInfo } from "../../../generated/types";
import type { SessionState } from "../session";
import { requireService, useServices } from "./services-context";
import { useServiceState } from "./store-hook";

const SIGNED_OUT: SessionState = { signedIn: false, user: null };

/** The signed-in state and user info, and the actions on them. */
export function useSession() {
  const services = useServices();
  const state = useServiceState(services.session, SIGNED_OUT);
  return {
    ...state,
    signIn: (token: string, user?: UserInfo) => requireService(services, "session").signIn(token, user),
    logout: () => requireService(services, "session").logout(),
    refresh: () => requireService(services, "session").refresh(),
  };
}
