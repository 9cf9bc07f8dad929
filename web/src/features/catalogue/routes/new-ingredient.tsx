/** Add an ingredient to the catalogue (any signed-in person; the route asks visitors to log in). */
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { IngredientEditor } from "../components/ingredient-form.tsx";

export function NewIngredientPage() {
  useDocumentTitle("New ingredient");
  return (
    <div className="page narrow">
      <h1>New ingredient</h1>
      <IngredientEditor />
    </div>
  );
}
