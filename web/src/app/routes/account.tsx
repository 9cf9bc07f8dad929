/**
 * One's own account, one section each: who it is and its picture, email, password, how amounts are
 * written, where one is
 * signed in, tokens for scripts, one's archives,
 * deleting it; admins also find the way to the accounts list here. A feature adds its section to the
 * list below.
 */
import { Link } from "@tanstack/react-router";
import { ErrorState } from "../../components/error-state.tsx";
import { LinkedText } from "../../components/linked-text.tsx";
import { Loading } from "../../components/loading.tsx";
import { AmountsSection } from "../../features/account/components/amounts-section.tsx";
import { DeleteAccountSection } from "../../features/account/components/delete-account-section.tsx";
import { EmailSection } from "../../features/account/components/email-section.tsx";
import { PasswordSection } from "../../features/account/components/password-section.tsx";
import { ProfileSection } from "../../features/account/components/profile-section.tsx";
import { SessionsSection } from "../../features/account/components/sessions-section.tsx";
import { TokensSection } from "../../features/account/components/tokens-section.tsx";
import { ArchiveSection } from "../../features/archive/components/archive-section.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { useT } from "../../i18n/index.ts";
import { useAccount } from "../../lib/api/users.ts";
import { useAuth } from "../../lib/auth.ts";
import "../../features/account/account.css";

export function AccountPage() {
  const { t } = useT();
  const { session } = useAuth();
  const me = useAccount(session);
  useDocumentTitle(t("app.yourAccount"));
  const user = me.data;

  if (!session || me.isPending) return <Loading label={t("app.loadingAccount")} />;
  if (!user) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;

  const admin = session.role === "admin";
  return (
    <div className="page narrow account-page">
      <h1>{t("app.yourAccount")}</h1>
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <AmountsSection />
      <SessionsSection />
      <TokensSection />
      {admin && <AdminSection />}
      <ArchiveSection />
      <DeleteAccountSection user={user} />
    </div>
  );
}

function AdminSection() {
  const { t } = useT();
  return (
    <section aria-labelledby="admin-heading" className="account-section">
      <h2 id="admin-heading">{t("app.administration")}</h2>
      <p>
        <LinkedText text={t("app.manageAccounts")} link={(words) => <Link to="/admin/users">{words}</Link>} />
      </p>
    </section>
  );
}
