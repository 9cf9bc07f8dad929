import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import { useAuth } from "../../../lib/auth.ts";
import "../catalogue.css";

export function StoresPage() {
  const query = useInfiniteQuery(storeQueries.list());
  const { session } = useAuth();
  const { t } = useT();
  useDocumentTitle(t("catalogue.stores"));
  return (
    <div className="page">
      <h1>{t("catalogue.stores")}</h1>
      {session && (
        <p className="page-actions">
          <Link to="/stores/new" className="button">
            {t("catalogue.newStore")}
          </Link>
        </p>
      )}
      <PagedList query={query} empty={t("catalogue.noStores")} className="tile-grid">
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
