/** Change a store's details: whoever added it, or an admin; anyone else is told so. */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
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

  return (
    <EditPage id={id} query={query} what="store">
      {(store) =>
        mayEdit(session, store.user_id) ? (
          <StoreEditor key={store.id} store={store} />
        ) : (
          <NotAllowed>
            <p>Only the person who added this store, or an admin, can change it.</p>
            <Link to="/stores/$storeId" params={{ storeId }}>
              Back to {store.name}
            </Link>
          </NotAllowed>
        )
      }
    </EditPage>
  );
}
