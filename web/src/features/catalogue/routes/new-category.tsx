/** Add a category (admins only; anyone else is told so). */
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useAuth } from "../../../lib/auth.ts";
import { CategoryEditor } from "../components/category-form.tsx";
import { NotAllowed } from "../components/not-allowed.tsx";

export function NewCategoryPage() {
  const { session } = useAuth();
  useDocumentTitle("New category");
  return (
    <div className="page narrow">
      <h1>New category</h1>
      {session?.role === "admin" ? <CategoryEditor /> : <AdminsOnly />}
    </div>
  );
}

export function AdminsOnly() {
  return (
    <NotAllowed>
      <p>Only admins can add, change or delete categories.</p>
      <Link to="/categories">Back to the categories</Link>
    </NotAllowed>
  );
}
