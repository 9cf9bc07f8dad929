import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { allItems } from "../../../lib/keyset.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { positiveInt } from "../../../lib/search.ts";
import { LearnedOrder } from "../components/learned-order.tsx";
import { ShelvesEditor } from "../components/shelves-editor.tsx";
import { DeleteStoreButton } from "../components/store-form.tsx";
import "../catalogue.css";

/**
 * A store and its shelves in walking order, each with the ingredients found there; its owner and admins
 * also change it here (the shelves editor). What its shoppers' ticks taught it comes first (where the
 * ingredients on no shelf are found, and for its owner and admins one tap to shelve them there).
 */
export function StorePage() {
  const { storeId } = useParams({ from: "/stores/$storeId" });
  const id = positiveInt(storeId) ?? 0;
  const query = useQuery({ ...storeQueries.detail(id), enabled: id > 0 });
  const shelves = useInfiniteQuery({ ...storeQueries.shelves(id), enabled: id > 0 });
  const store = query.data;
  const { session } = useAuth();
  const { t } = useT();
  const ingredientName = useIngredientName();
  useDocumentTitle(store?.name);

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading />;
  if (!store) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const editable = mayEdit(session, store.user_id);

  return (
    <div className="page narrow">
      <h1>{store.name}</h1>
      {store.description && <p className="lead">{store.description}</p>}
      {editable && (
        <div className="page-actions">
          <Link
            to="/stores/$storeId/edit"
            params={{ storeId: String(store.id) }}
            className="button button-quiet"
          >
            {t("catalogue.editStore")}
          </Link>
          <DeleteStoreButton store={store} />
        </div>
      )}
      <dl className="facts facts-stacked">
        {store.address && (
          <div>
            <dt>{t("catalogue.address")}</dt>
            <dd>{store.address}</dd>
          </div>
        )}
        {store.phone && (
          <div>
            <dt>{t("catalogue.phone")}</dt>
            <dd>
              <a href={`tel:${store.phone}`}>{store.phone}</a>
            </dd>
          </div>
        )}
        {store.website && (
          <div>
            <dt>{t("catalogue.website")}</dt>
            <dd>
              <a href={store.website}>{store.website.replace(/^https?:\/\//, "")}</a>
            </dd>
          </div>
        )}
      </dl>
      <LearnedOrder storeId={store.id} shelves={allItems(shelves.data)} editable={editable} />
      <h2>{t("catalogue.shelvesInOrder")}</h2>
      {editable ? (
        <ShelvesEditor storeId={store.id} query={shelves} />
      ) : (
        <PagedList query={shelves} empty={t("catalogue.noShelvesListed")} className="shelves" ordered>
          {(shelf) => (
            <>
              <h3 className="shelf-name">{shelf.name}</h3>
              {shelf.ingredients.length ? (
                <ul className="shelf-items">
                  {shelf.ingredients.map((i) => (
                    <li key={i.id}>
                      <Link to="/ingredients/$ingredientId" params={{ ingredientId: String(i.id) }}>
                        {ingredientName(i.name)}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="hint">{t("catalogue.nothingOnShelf")}</p>
              )}
            </>
          )}
        </PagedList>
      )}
    </div>
  );
}
