/** Rename a category, change its picture, merge it into another, or delete it (admins only). */
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { categoryQueries } from "../../../lib/api/catalogue.ts";
import { useAuth } from "../../../lib/auth.ts";
import { positiveInt } from "../../../lib/search.ts";
import { CategoryEditor } from "../components/category-form.tsx";
import { EditPage } from "../components/edit-page.tsx";
import { MergeCategory } from "../components/merge-into.tsx";
import { AdminsOnly } from "./new-category.tsx";

export function EditCategoryPage() {
  const { categoryId } = useParams({ from: "/categories/$categoryId/edit" });
  const id = positiveInt(categoryId) ?? 0;
  const { session } = useAuth();
  const query = useQuery({ ...categoryQueries.detail(id), enabled: id > 0 });

  return (
    <EditPage id={id} query={query} what="catalogue.editCategory">
      {(category) =>
        session?.role === "admin" ? (
          <>
            <CategoryEditor key={category.id} category={category} />
            <MergeCategory key={`merge-${category.id}`} category={category} />
          </>
        ) : (
          <AdminsOnly />
        )
      }
    </EditPage>
  );
}
