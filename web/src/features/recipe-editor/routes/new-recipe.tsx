/** Write a new recipe (the route sends visitors without a session to log in first). */
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { RecipeEditor } from "../components/recipe-editor.tsx";

export function NewRecipePage() {
  const { t } = useT();
  useDocumentTitle(t("recipe-editor.newRecipe"));
  const [before, after] = t("recipe-editor.importInstead", { link: "\u0000" }).split("\u0000");
  return (
    <div className="page editor-page">
      <h1>{t("recipe-editor.newRecipe")}</h1>
      <p className="lead">
        {before}
        <Link to="/recipes/import">{t("recipe-editor.importFromLink")}</Link>
        {after}
      </p>
      <RecipeEditor />
    </div>
  );
}
