/**
 * One's own account: who it is, and the profile picture. (Email, password and deleting the account
 * get their sections here too.)
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { PictureField } from "../../../components/picture-field.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { meQuery } from "../../auth/api/queries.ts";

export function AccountPage() {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQuery(session?.userId ?? 0), enabled: session !== null });
  useDocumentTitle("Your account");
  const user = me.data;

  if (!session || me.isPending) return <Loading label="Loading your account…" />;
  if (!user) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;

  const refresh = (next: Partial<Schemas["UserRead"]>) => {
    queryClient.setQueryData(meQuery(user.id).queryKey, { ...user, ...next });
    // The author line of their recipes shows the public profile.
    void queryClient.invalidateQueries({ queryKey: ["users", "profile", user.id] });
  };

  return (
    <div className="page narrow">
      <h1>Your account</h1>
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
      <section aria-labelledby="picture-heading">
        <h2 id="picture-heading">Profile picture</h2>
        <PictureField<Schemas["UserRead"]>
          label="Your picture"
          target={{ collection: "users", id: user.id }}
          src={user.img}
          hint="Large photos are scaled down before they are sent."
          onUploaded={(row) => refresh({ img: row.img, preview_img: row.preview_img })}
          onRemoved={() => refresh({ img: null, preview_img: null })}
        />
      </section>
    </div>
  );
}
