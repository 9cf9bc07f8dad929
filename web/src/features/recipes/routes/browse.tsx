/** Browse: search, filter and sort recipes, more as you scroll; the URL holds the whole search. */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SearchBox } from "../../../components/search-box.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { userQueries } from "../../../lib/api/users.ts";
import { type BrowseSearch, Filters } from "../components/recipe-filters.tsx";
import { RecipeResults } from "../components/recipe-results.tsx";

export function BrowsePage() {
  const search: BrowseSearch = useSearch({ from: "/" });
  const navigate = useNavigate({ from: "/" });
  const author = useQuery({
    ...userQueries.profile(search.user_id ?? 0),
    enabled: search.user_id !== undefined,
  });

  const heading = search.q
    ? `Recipes matching “${search.q}”`
    : search.user_id
      ? `Recipes by ${author.data?.username ?? "this cook"}`
      : "Recipes";
  useDocumentTitle(search.q ? heading : undefined);

  const change = (patch: Partial<BrowseSearch>) =>
    void navigate({ search: (previous: BrowseSearch) => ({ ...previous, ...patch }) });
  const filtered =
    search.q || search.category_id || search.ingredient_id || search.max_minutes || search.user_id;

  return (
    <div className="page">
      <div className="browse-head">
        <h1>{heading}</h1>
        <SearchBox
          value={search.q}
          label="Search recipes"
          placeholder="Search recipes, e.g. pancakes"
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
              sort: search.sort,
            }}
            empty={
              <EmptyState title="No recipes found">
                {filtered ? (
                  <p>
                    Nothing matches this search. Try fewer words or filters, or{" "}
                    <Link to="/" search={{}}>
                      see every recipe
                    </Link>
                    .
                  </p>
                ) : (
                  <p>There are no recipes yet.</p>
                )}
              </EmptyState>
            }
          />
        </div>
      </div>
    </div>
  );
}
