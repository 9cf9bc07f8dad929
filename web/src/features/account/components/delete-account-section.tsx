/** Delete one's own account, after a confirmation that says what goes with it; then signed out. */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DeleteButton } from "../../../components/delete-button.tsx";
import type { Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { deleteAccount } from "../api/account.ts";

export function DeleteAccountSection({ user }: { user: Schemas["UserRead"] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="delete-heading" className="account-section">
      <h2 id="delete-heading">Delete the account</h2>
      <p>Your recipes, shopping lists and meal plan are deleted with it.</p>
      <DeleteButton
        label="Delete my account"
        title={`Delete the account “${user.username}”?`}
        confirmLabel="Delete my account"
        action={() => deleteAccount(user.id)}
        onDeleted={() => {
          auth.signOut();
          // Nothing of the account may linger: its lists, its plan, its recipes.
          queryClient.clear();
          void navigate({ to: "/" });
        }}
      >
        <p>
          Your recipes (with their pictures), your shopping lists and your meal plan are deleted with it. The
          stores and ingredients you added stay for everyone, without your name. This cannot be undone.
        </p>
      </DeleteButton>
    </section>
  );
}
