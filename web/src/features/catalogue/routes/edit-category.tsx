/** Rename a category, change its picture, or delete it (admins only). */
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { NotFoundPage } from "../../../app/pages.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { positiveInt } from "../../../lib/search.ts";
import { categoryQueries } from "../api/queries.ts";
import { CategoryEditor } from "../components/category-form.tsx";
import { AdminsOnly } from "./new-category.tsx";

export function EditCategoryPage() {
  const { categoryId } = useParams({ from: "/categories/$categoryId/edit" });
  const id = positiveInt(categoryId) ?? 0;
  const { session } = useAuth();
  const query = useQuery({ ...categoryQueries.detail(id), enabled: id > 0 });
  const category = query.data;
  useDocumentTitle(category ? `Edit ${category.name}` : "Edit category");

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading />;
  if (!category) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page narrow">
      <h1>Edit “{category.name}”</h1>
      {session?.role === "admin" ? <CategoryEditor key={category.id} category={category} /> : <AdminsOnly />}
    </div>
  );
}
