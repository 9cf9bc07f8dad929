/**
 * "Amounts: As written · Metric · US": the person's measures (lib/measures.ts useUnits, whose answer
 * the caller passes in), as a group of radio buttons. The recipe page shows it beside the
 * ingredients, the account page under its own heading.
 */
import { useId } from "react";
import { type MessageId, useT } from "../i18n/index.ts";
import { errorMessage } from "../lib/errors.ts";
import { UNITS, type Units, type UnitsState } from "../lib/measures.ts";
import "./units-choice.css";

const LABELS: Record<Units, MessageId> = {
  as_written: "lib.unitsAsWritten",
  metric: "lib.unitsMetric",
  us: "lib.unitsUs",
};

export function UnitsChoice({
  state: { units, setUnits, error },
  legendHidden = false,
}: {
  state: UnitsState;
  legendHidden?: boolean;
}) {
  const id = useId();
  const { t } = useT();
  return (
    <fieldset className="units-choice">
      <legend className={legendHidden ? "visually-hidden" : undefined}>{t("lib.units")}</legend>
      {UNITS.map((value) => (
        <label key={value}>
          <input
            type="radio"
            name={`${id}-units`}
            value={value}
            checked={units === value}
            onChange={() => setUnits(value)}
          />{" "}
          {t(LABELS[value])}
        </label>
      ))}
      {error !== null && (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </fieldset>
  );
}
