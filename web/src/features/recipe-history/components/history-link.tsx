/** "History" among a recipe's actions: everyone who may read a recipe may read its history. */
import { Link } from "@tanstack/react-router";
import { useT } from "../../../i18n/index.ts";

export function RecipeHistoryLink({ recipeId }: { recipeId: number }) {
  const { t } = useT();
  return (
    <Link
      to="/recipes/$recipeId/history"
      params={{ recipeId: String(recipeId) }}
      className="button button-quiet"
    >
      {t("recipe-history.history")}
    </Link>
  );
}
