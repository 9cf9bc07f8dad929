/** Change a store's details: whoever added it, or an admin; anyone else is told so. */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { NotFoundPage } from "../../../app/pages.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { positiveInt } from "../../../lib/search.ts";
import { storeQueries } from "../api/queries.ts";
import { NotAllowed } from "../components/not-allowed.tsx";
import { StoreEditor } from "../components/store-form.tsx";

export function EditStorePage() {
  const { storeId } = useParams({ from: "/stores/$storeId/edit" });
  const id = positiveInt(storeId) ?? 0;
  const { session } = useAuth();
  const query = useQuery({ ...storeQueries.detail(id), enabled: id > 0 });
  const store = query.data;
  useDocumentTitle(store ? `Edit ${store.name}` : "Edit store");

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading />;
  if (!store) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page narrow">
      <h1>Edit “{store.name}”</h1>
      {mayEdit(session, store.user_id) ? (
        <StoreEditor key={store.id} store={store} />
      ) : (
        <NotAllowed>
          <p>Only the person who added this store, or an admin, can change it.</p>
          <Link to="/stores/$storeId" params={{ storeId }}>
            Back to {store.name}
          </Link>
        </NotAllowed>
      )}
    </div>
  );
}
