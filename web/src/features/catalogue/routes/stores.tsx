import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { storeQueries } from "../api/queries.ts";

export function StoresPage() {
  const query = useInfiniteQuery(storeQueries.list());
  useDocumentTitle("Stores");
  return (
    <div className="page">
      <h1>Stores</h1>
      <PagedList query={query} empty="No stores yet" className="tile-grid">
        {(store) => (
          <Link to="/stores/$storeId" params={{ storeId: String(store.id) }} className="tile">
            <span className="tile-title">{store.name}</span>
            {store.address && <span className="tile-text">{store.address}</span>}
          </Link>
        )}
      </PagedList>
    </div>
  );
}
