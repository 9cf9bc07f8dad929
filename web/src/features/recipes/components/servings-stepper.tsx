/** − servings + : each press asks the API for the recipe scaled to the new number of servings. */
export function ServingsStepper({
  servings,
  onChange,
  busy,
}: {
  servings: number;
  onChange: (servings: number) => void;
  busy?: boolean;
}) {
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">Servings</legend>
      <button
        type="button"
        className="stepper-button"
        aria-label="Fewer servings"
        disabled={servings <= 1}
        onClick={() => onChange(servings - 1)}
      >
        −
      </button>
      <output className="stepper-value" aria-live="polite" aria-busy={busy || undefined}>
        {servings} {servings === 1 ? "serving" : "servings"}
      </output>
      <button
        type="button"
        className="stepper-button"
        aria-label="More servings"
        disabled={servings >= 1000}
        onClick={() => onChange(servings + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
