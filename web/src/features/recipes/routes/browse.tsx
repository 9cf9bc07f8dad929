/** Browse: search, filter and sort recipes, more as you scroll; the URL holds the whole search. */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { LinkedText } from "../../../components/linked-text.tsx";
import { SearchBox } from "../../../components/search-box.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { SIGNED_IN_SORTS } from "../../../lib/api/recipes.ts";
import { userQueries } from "../../../lib/api/users.ts";
import { useAuth } from "../../../lib/auth.ts";
import { type BrowseSearch, Filters } from "../components/recipe-filters.tsx";
import { RecipeResults } from "../components/recipe-results.tsx";

export function BrowsePage() {
  const { t } = useT();
  const search: BrowseSearch = useSearch({ from: "/" });
  const navigate = useNavigate({ from: "/" });
  const { session } = useAuth();
  // Favourites and one's own log are a signed-in cook's: signed out (a link kept from before), they
  // are left out rather than answered with a 401.
  const favourite = session && search.favourite ? ("true" as const) : undefined;
  const sort = !session && search.sort && SIGNED_IN_SORTS.includes(search.sort) ? undefined : search.sort;
  const author = useQuery({
    ...userQueries.profile(search.user_id ?? 0),
    enabled: search.user_id !== undefined,
  });

  const heading = search.q
    ? t("recipes.recipesMatching", { query: search.q })
    : search.user_id
      ? author.data
        ? t("recipes.recipesBy", { name: author.data.username })
        : t("recipes.recipesByThisCook")
      : t("recipes.recipes");
  useDocumentTitle(search.q ? heading : undefined);

  const change = (patch: Partial<BrowseSearch>) =>
    void navigate({ search: (previous: BrowseSearch) => ({ ...previous, ...patch }) });
  const filtered =
    search.q ||
    search.category_id ||
    search.ingredient_id ||
    search.max_minutes ||
    search.user_id ||
    favourite;

  return (
    <div className="page">
      <div className="browse-head">
        <h1>{heading}</h1>
        <SearchBox
          value={search.q}
          label={t("recipes.searchLabel")}
          placeholder={t("recipes.searchPlaceholder")}
          onSearch={(q) => change({ q })}
        />
      </div>
      <div className="browse">
        <Filters search={search} onChange={change} />
        <div className="browse-results">
          <RecipeResults
            filters={{
              q: search.q,
              category_id: search.category_id,
              ingredient_id: search.ingredient_id,
              user_id: search.user_id,
              max_total_time_sec: search.max_minutes ? search.max_minutes * 60 : undefined,
              sort,
              favourite,
            }}
            empty={
              <EmptyState title={t("recipes.noneFound")}>
                {filtered ? (
                  <p>
                    <LinkedText
                      text={t("recipes.nothingMatches")}
                      link={(words) => (
                        <Link to="/" search={{}}>
                          {words}
                        </Link>
                      )}
                    />
                  </p>
                ) : (
                  <p>{t("recipes.noneYet")}</p>
                )}
              </EmptyState>
            }
          />
        </div>
      </div>
    </div>
  );
}
