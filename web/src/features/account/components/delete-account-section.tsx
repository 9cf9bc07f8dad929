/** Delete one's own account, after a confirmation that says what goes with it; then signed out. */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { deleteAccount } from "../api/account.ts";

export function DeleteAccountSection({ user }: { user: Schemas["UserRead"] }) {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="delete-heading" className="account-section">
      <h2 id="delete-heading">{t("account.deleteHeading")}</h2>
      <p>{t("account.deleteSummary")}</p>
      <DeleteButton
        label={t("account.deleteMine")}
        title={t("account.deleteQuestion", { username: user.username })}
        confirmLabel={t("account.deleteMine")}
        action={() => deleteAccount(user.id)}
        onDeleted={() => {
          auth.signOut();
          // Nothing of the account may linger: its lists, its plan, its recipes.
          queryClient.clear();
          void navigate({ to: "/" });
        }}
      >
        <p>{t("account.deleteDetail")}</p>
      </DeleteButton>
    </section>
  );
}
