import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { categoryQueries } from "../../../lib/api/catalogue.ts";
import { useAuth } from "../../../lib/auth.ts";
import "../catalogue.css";

/** Every category, each a way into the recipes filed under it; admins also add and change them here. */
export function CategoriesPage() {
  const query = useInfiniteQuery(categoryQueries.list());
  const { session } = useAuth();
  const admin = session?.role === "admin";
  const { t } = useT();
  useDocumentTitle(t("catalogue.categories"));
  return (
    <div className="page">
      <h1>{t("catalogue.categories")}</h1>
      {admin && (
        <p className="page-actions">
          <Link to="/categories/new" className="button">
            {t("catalogue.newCategory")}
          </Link>
        </p>
      )}
      <PagedList query={query} empty={t("catalogue.noCategories")} className="tile-grid">
        {(category) => (
          <>
            <Link to="/" search={{ category_id: category.id }} className="tile">
              <span className="tile-title">{category.name}</span>
              {category.description && <span className="tile-text">{category.description}</span>}
            </Link>
            {admin && (
              <Link
                to="/categories/$categoryId/edit"
                params={{ categoryId: String(category.id) }}
                className="tile-edit"
                aria-label={t("catalogue.editName", { name: category.name })}
              >
                {t("catalogue.edit")}
              </Link>
            )}
          </>
        )}
      </PagedList>
    </div>
  );
}
