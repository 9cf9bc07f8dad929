/** Add an ingredient to the catalogue (any signed-in person; the route asks visitors to log in). */
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { IngredientEditor } from "../components/ingredient-form.tsx";

export function NewIngredientPage() {
  const { t } = useT();
  useDocumentTitle(t("catalogue.newIngredient"));
  return (
    <div className="page narrow">
      <h1>{t("catalogue.newIngredient")}</h1>
      <IngredientEditor />
    </div>
  );
}
