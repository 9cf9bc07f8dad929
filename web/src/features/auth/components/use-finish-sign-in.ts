import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { auth, safeRedirect } from "../../../lib/auth.ts";

/** After a token arrives: start the session and return to the page the person came from. */
export function useFinishSignIn(redirect: string | undefined) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (token: string) => {
    auth.signIn(token);
    // Anything read while signed out (or as someone else) may differ now.
    void queryClient.invalidateQueries();
    router.history.replace(safeRedirect(redirect));
  };
}
