import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { daysAgo } from "../lib/days-ago.ts";

/** "Last made 3 days ago · 5 times" (the cook's and their households' log); nothing before the first time. */
export function LastCooked({
  recipe,
}: {
  recipe: Pick<Schemas["RecipeRead"], "last_cooked" | "times_cooked">;
}) {
  const { t } = useT();
  if (!recipe.last_cooked || !recipe.times_cooked) return null;
  return (
    <span className="last-cooked">
      {t("cooked.lastMade", { when: daysAgo(recipe.last_cooked), count: recipe.times_cooked })}
    </span>
  );
}
