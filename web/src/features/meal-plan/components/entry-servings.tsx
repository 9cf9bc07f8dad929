import { errorMessage } from "../../../lib/errors.ts";
import { useUpdateMeal } from "../api/queries.ts";

/** The most servings the API takes for an entry. */
const MAX_SERVINGS = 10_000;

/**
 * − 4 servings + on a planned meal: each press saves the entry's servings (what the shopping list
 * will buy for). `name` says which entry, e.g. "Tomato soup on Monday 4 March, dinner".
 */
export function EntryServings({
  entryId,
  servings,
  name,
}: {
  entryId: number;
  servings: number;
  name: string;
}) {
  const update = useUpdateMeal();
  const set = (n: number) => update.mutate({ entryId, servings: n });
  return (
    <fieldset className="mp-stepper">
      <legend className="visually-hidden">Servings of {name}</legend>
      <button
        type="button"
        className="mp-stepper-button"
        aria-label={`Fewer servings of ${name}`}
        disabled={servings <= 1}
        onClick={() => set(servings - 1)}
      >
        −
      </button>
      <output className="mp-servings" aria-live="polite" aria-busy={update.isPending || undefined}>
        {servings} {servings === 1 ? "serving" : "servings"}
      </output>
      <button
        type="button"
        className="mp-stepper-button"
        aria-label={`More servings of ${name}`}
        disabled={servings >= MAX_SERVINGS}
        onClick={() => set(servings + 1)}
      >
        +
      </button>
      {update.isError && (
        <span className="field-error" role="alert">
          {errorMessage(update.error)}
        </span>
      )}
    </fieldset>
  );
}
