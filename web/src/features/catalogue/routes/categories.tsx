import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { categoryQueries } from "../api/queries.ts";

/** Every category, each a way into the recipes filed under it. */
export function CategoriesPage() {
  const query = useInfiniteQuery(categoryQueries.list());
  useDocumentTitle("Categories");
  return (
    <div className="page">
      <h1>Categories</h1>
      <PagedList query={query} empty="No categories yet" className="tile-grid">
        {(category) => (
          <Link to="/" search={{ category_id: category.id }} className="tile">
            <span className="tile-title">{category.name}</span>
            {category.description && <span className="tile-text">{category.description}</span>}
          </Link>
        )}
      </PagedList>
    </div>
  );
}
