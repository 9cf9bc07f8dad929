/** Write a new recipe (the route sends visitors without a session to log in first). */
import { Link } from "@tanstack/react-router";
import { LinkedText } from "../../../components/linked-text.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { RecipeEditor } from "../components/recipe-editor.tsx";

export function NewRecipePage() {
  const { t } = useT();
  useDocumentTitle(t("recipe-editor.newRecipe"));
  return (
    <div className="page editor-page">
      <h1>{t("recipe-editor.newRecipe")}</h1>
      <p className="lead">
        <LinkedText
          text={t("recipe-editor.importInstead")}
          link={(words) => <Link to="/recipes/import">{words}</Link>}
        />
      </p>
      <RecipeEditor />
    </div>
  );
}
