import { ServingsStepper } from "../../../components/servings-stepper.tsx";
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
  return (
    <div className="mp-servings-line">
      <ServingsStepper
        servings={servings}
        onChange={(n) => update.mutate({ entryId, servings: n })}
        busy={update.isPending}
        of={name}
        max={MAX_SERVINGS}
      />
      {update.isError && (
        <span className="field-error" role="alert">
          {errorMessage(update.error)}
        </span>
      )}
    </div>
  );
}
