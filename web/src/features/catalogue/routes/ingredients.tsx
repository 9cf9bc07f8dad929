import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { SearchBox } from "../../../components/search-box.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useIngredientDisplayName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import { ingredientQueries } from "../../../lib/api/catalogue.ts";
import { useAuth } from "../../../lib/auth.ts";
import "../catalogue.css";

/** The ingredients, searchable by name (the search is in the URL, `?q=`). */
export function IngredientsPage() {
  const { q } = useSearch({ from: "/ingredients" });
  const navigate = useNavigate({ from: "/ingredients" });
  const query = useInfiniteQuery(ingredientQueries.list(q));
  const { session } = useAuth();
  const { t } = useT();
  const ingredientName = useIngredientDisplayName();
  useDocumentTitle(t("catalogue.ingredients"));
  return (
    <div className="page">
      <h1>{t("catalogue.ingredients")}</h1>
      {session && (
        <p className="page-actions">
          <Link to="/ingredients/new" className="button">
            {t("catalogue.newIngredient")}
          </Link>
        </p>
      )}
      <SearchBox
        value={q}
        label={t("catalogue.searchIngredients")}
        placeholder={t("catalogue.searchIngredientsPlaceholder")}
        onSearch={(value) => void navigate({ search: { q: value } })}
      />
      <PagedList
        query={query}
        empty={q ? t("catalogue.noIngredientMatches", { q }) : t("catalogue.noIngredients")}
        className="tile-grid"
      >
        {(ingredient) => (
          <Link
            to="/ingredients/$ingredientId"
            params={{ ingredientId: String(ingredient.id) }}
            className="tile"
          >
            <span className="tile-title">{ingredientName(ingredient)}</span>
            {ingredient.description && <span className="tile-text">{ingredient.description}</span>}
          </Link>
        )}
      </PagedList>
    </div>
  );
}
