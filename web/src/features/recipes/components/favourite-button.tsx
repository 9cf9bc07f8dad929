import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useFavourite } from "../api/marks.ts";
import "../marks.css";

/**
 * The heart: a toggle button (pressed: one of the cook's favourites), for signed-in people only.
 * It shows the change at once and goes back, saying why, when the change could not be saved.
 */
export function FavouriteButton({
  recipe,
  className,
}: {
  recipe: { id: number; title: string; favourite?: boolean };
  className?: string;
}) {
  const { t } = useT();
  const { session } = useAuth();
  const favourite = useFavourite(recipe.id);
  if (!session) return null;
  const on = recipe.favourite === true;
  return (
    <span className={["favourite", className].filter(Boolean).join(" ")}>
      <button
        type="button"
        className="favourite-button"
        aria-pressed={on}
        aria-label={t("recipes.favouriteRecipe", { title: recipe.title })}
        onClick={() => favourite.mutate(!on)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z"
            fill={on ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {favourite.isError && (
        <span className="mark-error" role="alert">
          {t("recipes.favouriteNotSaved", { reason: errorMessage(favourite.error) })}
        </span>
      )}
    </span>
  );
}
