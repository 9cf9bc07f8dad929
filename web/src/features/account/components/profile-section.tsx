/** Who the account is (username, email) and its picture, which a recipe's author line shows. */
import { useQueryClient } from "@tanstack/react-query";
import { PictureField } from "../../../components/picture-field.tsx";
import type { Schemas } from "../../../lib/api/client.ts";
import { accountQueries, userQueries } from "../../../lib/api/users.ts";

type User = Schemas["UserRead"];

export function ProfileSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const refresh = (next: Partial<User>) => {
    queryClient.setQueryData(accountQueries.me(user.id).queryKey, { ...user, ...next });
    // The author line of their recipes shows the public profile.
    void queryClient.invalidateQueries({ queryKey: userQueries.profile(user.id).queryKey });
  };
  return (
    <>
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
    </>
  );
}
