import { Link } from "@tanstack/react-router";
import { Picture } from "../../../components/picture.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { formatDuration, totalSeconds } from "../../../lib/format.ts";
import { FavouriteButton } from "./favourite-button.tsx";
import { RatingSummary } from "./rating-summary.tsx";

/**
 * One recipe in a list: its preview picture, title, total time, stars and categories, all one link;
 * beside the link (a button cannot be inside one), the heart for signed-in people.
 */
export function RecipeCard({ recipe }: { recipe: Schemas["RecipeSummary"] }) {
  const { t } = useT();
  const total = formatDuration(
    totalSeconds(recipe.prep_time_sec, recipe.cook_time_sec, recipe.total_time_sec),
  );
  return (
    <li className="card">
      <Link to="/recipes/$recipeId" params={{ recipeId: String(recipe.id) }} className="card-link">
        <Picture src={recipe.preview_img} alt="" />
        <div className="card-body">
          <h2 className="card-title">{recipe.title}</h2>
          <p className="card-meta">
            {total ? (
              <>
                <span className="visually-hidden">{t("recipes.cardTotalTime")}</span>
                <svg className="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                  <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
                {total}
              </>
            ) : (
              t("recipes.cardNoTime")
            )}
            <RatingSummary rating={recipe.rating} />
          </p>
          {recipe.categories.length > 0 && (
            <p className="tags">
              <span className="visually-hidden">{t("recipes.cardCategories")}</span>
              {recipe.categories.map((c) => (
                <span key={c.id} className="tag">
                  {c.name}
                </span>
              ))}
            </p>
          )}
        </div>
      </Link>
      <FavouriteButton recipe={recipe} className="card-favourite" />
    </li>
  );
}
