/** The signed-in person's own recipes (the route sends everyone else to log in). */
import { EmptyState } from "../../../components/empty-state.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { RecipeResults } from "../components/recipe-results.tsx";

export function MyRecipesPage() {
  const { t } = useT();
  const { session } = useAuth();
  useDocumentTitle(t("recipes.myRecipes"));
  return (
    <div className="page">
      <h1>{t("recipes.myRecipes")}</h1>
      {session && (
        <RecipeResults
          filters={{ user_id: session.userId, sort: "newest" }}
          empty={
            <EmptyState title={t("recipes.myNoneYet")}>
              <p>{t("recipes.myNoneYetText")}</p>
            </EmptyState>
          }
        />
      )}
    </div>
  );
}
