/** The signed-in person's own recipes (the route sends everyone else to log in). */
import { EmptyState } from "../../../components/empty-state.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useAuth } from "../../../lib/auth.ts";
import { RecipeResults } from "../components/recipe-results.tsx";

export function MyRecipesPage() {
  const { session } = useAuth();
  useDocumentTitle("My recipes");
  return (
    <div className="page">
      <h1>My recipes</h1>
      {session && (
        <RecipeResults
          filters={{ user_id: session.userId, sort: "newest" }}
          empty={
            <EmptyState title="No recipes yet">
              <p>The recipes you write will be listed here.</p>
            </EmptyState>
          }
        />
      )}
    </div>
  );
}
