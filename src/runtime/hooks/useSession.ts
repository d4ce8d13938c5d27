import type { UserInfo } from "../../../generated/types";
import type { SessionState } from "../session";
import { findService, getService } from "./registry";
import { useServiceState } from "./store-hook";

const SIGNED_OUT: SessionState = { signedIn: false, user: null };

/** The signed-in state and user info, and the actions on them. */
export function useSession() {
  const state = useServiceState(findService("session"), SIGNED_OUT);
  return {
    ...state,
    signIn: (token: string, user?: UserInfo) => getService("session").signIn(token, user),
    logout: () => getService("session").logout(),
    refresh: () => getService("session").refresh(),
  };
}
