/** Change a store's details: whoever added it, or an admin; anyone else is told so. */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useT } from "../../../i18n/index.ts";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import { useAuth } from "../../../lib/auth.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { positiveInt } from "../../../lib/search.ts";
import { EditPage } from "../components/edit-page.tsx";
import { NotAllowed } from "../components/not-allowed.tsx";
import { StoreEditor } from "../components/store-form.tsx";

export function EditStorePage() {
  const { storeId } = useParams({ from: "/stores/$storeId/edit" });
  const id = positiveInt(storeId) ?? 0;
  const { session } = useAuth();
  const query = useQuery({ ...storeQueries.detail(id), enabled: id > 0 });
  const { t } = useT();

  return (
    <EditPage id={id} query={query} what="catalogue.editStore">
      {(store) =>
        mayEdit(session, store.user_id) ? (
          <StoreEditor key={store.id} store={store} />
        ) : (
          <NotAllowed>
            <p>{t("catalogue.onlyOwnerStore")}</p>
            <Link to="/stores/$storeId" params={{ storeId }}>
              {t("catalogue.backTo", { name: store.name })}
            </Link>
          </NotAllowed>
        )
      }
    </EditPage>
  );
}
