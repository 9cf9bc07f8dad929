import { useId, useState } from "react";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useRate } from "../api/marks.ts";
import "../marks.css";

const STARS = [1, 2, 3, 4, 5];

/**
 * The cook's own stars for a recipe, for signed-in people: a group of five radio buttons (Tab into
 * it, arrow keys to move, each choice saved at once), and "Remove my rating" once rated.
 */
export function RatingControl({ recipe }: { recipe: Pick<Schemas["RecipeRead"], "id" | "rating"> }) {
  const { t } = useT();
  const { session } = useAuth();
  const rate = useRate(recipe.id);
  const name = useId();
  // The choice shows at once, as a radio button does, until the saved rating is read back.
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  if (!session) return null;
  const mine = chosen === undefined ? recipe.rating.mine : chosen;
  const shown = mine ?? 0;
  const choose = (stars: number | null) => {
    setChosen(stars);
    rate.mutate(stars, { onSettled: () => setChosen(undefined) });
  };
  return (
    <fieldset className="rating-control no-print">
      <legend>{t("recipes.yourRating")}</legend>
      <div className="rating-stars">
        {STARS.map((stars) => (
          <label key={stars} className="rating-star" data-on={stars <= shown}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={mine === stars}
              onChange={() => choose(stars)}
            />
            <span aria-hidden="true">{stars <= shown ? "★" : "☆"}</span>
            <span className="visually-hidden">{t("recipes.starsCount", { count: stars })}</span>
          </label>
        ))}
      </div>
      {mine !== null && (
        <button type="button" className="button button-quiet" onClick={() => choose(null)}>
          {t("recipes.removeMyRating")}
        </button>
      )}
      {rate.isError && (
        <p className="field-error" role="alert">
          {t("recipes.ratingNotSaved", { reason: errorMessage(rate.error) })}
        </p>
      )}
    </fieldset>
  );
}
