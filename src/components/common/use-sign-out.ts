// Signing out from anywhere (header, account navigation): the server revokes the token, then
// the session forgets it and reloads, whatever the server answered.
import { useApiPost } from "../../runtime/hooks/useApi";
import { useSession } from "../../runtime/hooks/useSession";

export function useSignOut(): () => Promise<void> {
  const post = useApiPost();
  const session = useSession();
  return async () => {
    try {
      await post("auth/signout", {}, { toast: false });
    } catch {
      // The token is forgotten here either way; the server lets an unused one expire.
    }
    session.logout();
  };
}
