/** Who the account is (username, email) and its picture, which a recipe's author line shows. */
import { useQueryClient } from "@tanstack/react-query";
import { PictureField } from "../../../components/picture-field.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { accountQueries, userQueries } from "../../../lib/api/users.ts";

type User = Schemas["UserRead"];

export function ProfileSection({ user }: { user: User }) {
  const { t } = useT();
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
          <dt>{t("common.username")}</dt>
          <dd>{user.username}</dd>
        </div>
        {user.email && (
          <div>
            <dt>{t("common.email")}</dt>
            <dd>{user.email}</dd>
          </div>
        )}
      </dl>
      <section aria-labelledby="picture-heading" className="account-section">
        <h2 id="picture-heading">{t("account.profilePicture")}</h2>
        <PictureField<User>
          label={t("account.yourPicture")}
          target={{ collection: "users", id: user.id }}
          src={user.img}
          hint={t("account.pictureHint")}
          onUploaded={(row) => refresh({ img: row.img, preview_img: row.preview_img })}
          onRemoved={() => refresh({ img: null, preview_img: null })}
        />
      </section>
    </>
  );
}
