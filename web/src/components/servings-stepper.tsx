import { useT } from "../i18n/index.ts";
import { formatServings } from "../lib/format.ts";

/**
 * − N servings + : `onChange` gets the new number (a recipe's page asks the API for the recipe at
 * it, a planned meal saves it). `of` names what the servings are of, for screen readers ("Tomato
 * soup on Monday 2 March, dinner"); `className` places it.
 */
export function ServingsStepper({
  servings,
  onChange,
  busy,
  of,
  max = 1000,
  className,
}: {
  servings: number;
  onChange: (servings: number) => void;
  busy?: boolean;
  of?: string;
  max?: number;
  className?: string;
}) {
  const { t } = useT();
  return (
    <fieldset className={className ? `stepper ${className}` : "stepper"}>
      <legend className="visually-hidden">
        {of ? t("components.servingsOf", { of }) : t("components.servingsLegend")}
      </legend>
      <button
        type="button"
        className="stepper-button"
        aria-label={of ? t("components.fewerServingsOf", { of }) : t("components.fewerServings")}
        disabled={servings <= 1}
        onClick={() => onChange(servings - 1)}
      >
        −
      </button>
      <output className="stepper-value" aria-live="polite" aria-busy={busy || undefined}>
        {formatServings(servings)}
      </output>
      <button
        type="button"
        className="stepper-button"
        aria-label={of ? t("components.moreServingsOf", { of }) : t("components.moreServings")}
        disabled={servings >= max}
        onClick={() => onChange(servings + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
