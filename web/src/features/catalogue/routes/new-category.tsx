/** Add a category (admins only; anyone else is told so). */
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { CategoryEditor } from "../components/category-form.tsx";
import { NotAllowed } from "../components/not-allowed.tsx";

export function NewCategoryPage() {
  const { session } = useAuth();
  const { t } = useT();
  useDocumentTitle(t("catalogue.newCategory"));
  return (
    <div className="page narrow">
      <h1>{t("catalogue.newCategory")}</h1>
      {session?.role === "admin" ? <CategoryEditor /> : <AdminsOnly />}
    </div>
  );
}

export function AdminsOnly() {
  const { t } = useT();
  return (
    <NotAllowed>
      <p>{t("catalogue.adminsOnly")}</p>
      <Link to="/categories">{t("catalogue.backToCategories")}</Link>
    </NotAllowed>
  );
}
