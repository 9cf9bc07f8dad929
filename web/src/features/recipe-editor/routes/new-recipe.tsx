/** Write a new recipe (the route sends visitors without a session to log in first). */
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { RecipeEditor } from "../components/recipe-editor.tsx";

export function NewRecipePage() {
  useDocumentTitle("New recipe");
  return (
    <div className="page editor-page">
      <h1>New recipe</h1>
      <p className="lead">
        Is it on a web page already? <Link to="/recipes/import">Import it from its link</Link> instead.
      </p>
      <RecipeEditor />
    </div>
  );
}
