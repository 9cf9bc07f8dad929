/**
 * One's own account, one section each: who it is and its picture, email, password, where one is
 * signed in, tokens for scripts, one's archives,
 * deleting it; admins also find the way to the accounts list here. A feature adds its section to the
 * list below.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ErrorState } from "../../components/error-state.tsx";
import { Loading } from "../../components/loading.tsx";
import { DeleteAccountSection } from "../../features/account/components/delete-account-section.tsx";
import { EmailSection } from "../../features/account/components/email-section.tsx";
import { PasswordSection } from "../../features/account/components/password-section.tsx";
import { ProfileSection } from "../../features/account/components/profile-section.tsx";
import { SessionsSection } from "../../features/account/components/sessions-section.tsx";
import { TokensSection } from "../../features/account/components/tokens-section.tsx";
import { ArchiveSection } from "../../features/archive/components/archive-section.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { accountQueries } from "../../lib/api/users.ts";
import { useAuth } from "../../lib/auth.ts";
import "../../features/account/account.css";

export function AccountPage() {
  const { session } = useAuth();
  const me = useQuery({ ...accountQueries.me(session?.userId ?? 0), enabled: session !== null });
  useDocumentTitle("Your account");
  const user = me.data;

  if (!session || me.isPending) return <Loading label="Loading your account…" />;
  if (!user) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;

  return (
    <div className="page narrow account-page">
      <h1>Your account</h1>
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <SessionsSection />
      <TokensSection />
      {session.role === "admin" && <AdminSection />}
      <ArchiveSection />
      <DeleteAccountSection user={user} />
    </div>
  );
}

function AdminSection() {
  return (
    <section aria-labelledby="admin-heading" className="account-section">
      <h2 id="admin-heading">Administration</h2>
      <p>
        <Link to="/admin/users">Manage the accounts</Link>: roles, and deleting an account.
      </p>
    </section>
  );
}
