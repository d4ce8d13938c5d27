// Signing out from anywhere (header, account navigation), once the island runs: the server
// revokes the API token (a shopper who signed in through the plain form has none, and the
// sign-out form's post ends that session's HttpOnly cookie, which no script can read or
// clear), then the session forgets the token and reloads, whatever the server answered.
// Before the island runs, the same control is that form (POST {prefix}/form/signout).
import { useApiPost } from "../../runtime/hooks/useApi";
import { useSession } from "../../runtime/hooks/useSession";
import { useFormPost } from "./form-post";

export const SIGNOUT_FORM = "signout";

export function useSignOut(): () => Promise<void> {
  const post = useApiPost();
  const session = useSession();
  const form = useFormPost(SIGNOUT_FORM);
  return async () => {
    if (session.signedIn) {
      try {
        // Its answer also clears the cookie of a plain sign-in.
        await post("auth/signout", {}, { toast: false });
      } catch {
        // The token is forgotten here either way; the server lets an unused one expire.
      }
    } else {
      try {
        // Signed in only through the plain form: its HttpOnly cookie is ended by the form's post.
        await fetch(form.action, {
          method: "POST",
          body: new URLSearchParams({ back: form.back }),
          credentials: "same-origin",
          redirect: "manual",
        });
      } catch {
        // Offline: the reload below shows what the server still knows.
      }
    }
    session.logout();
  };
}
