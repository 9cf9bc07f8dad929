/**
 * One's own account, one section each: who it is, the profile picture, email, password, deleting it;
 * admins also find the way to the accounts list here. A feature adds its section to the list below.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { PictureField } from "../../../components/picture-field.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { ArchiveSection } from "../../archive/components/archive-section.tsx";
import { meQuery } from "../../auth/api/queries.ts";
import { DeleteAccountSection } from "../components/delete-account-section.tsx";
import { EmailSection } from "../components/email-section.tsx";
import { PasswordSection } from "../components/password-section.tsx";
import "../account.css";

type User = Schemas["UserRead"];

export function AccountPage() {
  const { session } = useAuth();
  const me = useQuery({ ...meQuery(session?.userId ?? 0), enabled: session !== null });
  useDocumentTitle("Your account");
  const user = me.data;

  if (!session || me.isPending) return <Loading label="Loading your account…" />;
  if (!user) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;

  return (
    <div className="page narrow account-page">
      <h1>Your account</h1>
      <ProfileSection user={user} />
      <PictureSection user={user} />
      <EmailSection user={user} />
      <PasswordSection user={user} />
      {session.role === "admin" && <AdminSection />}
      <ArchiveSection />
      <DeleteAccountSection user={user} />
    </div>
  );
}

function ProfileSection({ user }: { user: User }) {
  return (
    <dl className="facts facts-stacked">
      <div>
        <dt>Username</dt>
        <dd>{user.username}</dd>
      </div>
      {user.email && (
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      )}
    </dl>
  );
}

function PictureSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const refresh = (next: Partial<User>) => {
    queryClient.setQueryData(meQuery(user.id).queryKey, { ...user, ...next });
    // The author line of their recipes shows the public profile.
    void queryClient.invalidateQueries({ queryKey: ["users", "profile", user.id] });
  };
  return (
    <section aria-labelledby="picture-heading" className="account-section">
      <h2 id="picture-heading">Profile picture</h2>
      <PictureField<User>
        label="Your picture"
        target={{ collection: "users", id: user.id }}
        src={user.img}
        hint="Large photos are scaled down before they are sent."
        onUploaded={(row) => refresh({ img: row.img, preview_img: row.preview_img })}
        onRemoved={() => refresh({ img: null, preview_img: null })}
      />
    </section>
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
