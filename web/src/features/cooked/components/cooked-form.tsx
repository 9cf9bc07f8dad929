import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { dayName, isoDay, today } from "../../../lib/dates.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { householdName } from "../../../lib/households.ts";
import { useMarkCooked } from "../api/queries.ts";
import "../cooked.css";

const NOTE_MAX = 500;

/**
 * "I made this", on a recipe's page: the day (today unless changed), the servings shown, a note
 * ("less salt next time"), and for a cook in households whom it was for; then it is in the log.
 */
export function CookedForm({ recipe }: { recipe: Pick<Schemas["RecipeRead"], "id" | "servings"> }) {
  const { t } = useT();
  const id = useId();
  const [date, setDate] = useState(today());
  const [servings, setServings] = useState(recipe.servings ? String(recipe.servings) : "");
  const [note, setNote] = useState("");
  const [forHousehold, setForHousehold] = useState<number | null>(null);
  const [noted, setNoted] = useState<{ day: string; householdId: number | null } | null>(null);
  const { households } = useMyHouseholds();
  const cooked = useMarkCooked(recipe.id);
  const day = isoDay(date);
  const count = Number(servings);
  const servingsOk = servings === "" || (Number.isInteger(count) && count > 0);
  const errors = {
    date: fieldError(cooked.error, "date"),
    servings: fieldError(cooked.error, "servings"),
    note: fieldError(cooked.error, "note"),
  };
  return (
    <form
      className="cooked-form no-print"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!day || !servingsOk) return;
        setNoted(null);
        cooked.mutate(
          {
            date: day,
            servings: servings === "" ? null : count,
            note: note.trim(),
            household_id: forHousehold,
          },
          {
            onSuccess: (entry) => {
              setNoted({ day: entry.date, householdId: entry.household_id });
              setNote("");
            },
          },
        );
      }}
    >
      <h3 id={`${id}-title`} className="cooked-form-title">
        {t("cooked.iMadeThis")}
      </h3>
      <div className="cooked-form-fields">
        <div className="field">
          <label htmlFor={`${id}-date`}>{t("cooked.day")}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            required
            aria-invalid={errors.date ? true : undefined}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-servings`}>{t("cooked.servings")}</label>
          <input
            id={`${id}-servings`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={servings}
            aria-invalid={errors.servings || !servingsOk ? true : undefined}
            onChange={(e) => setServings(e.currentTarget.value)}
          />
        </div>
        {households.length > 0 && (
          <HouseholdSelect
            id={`${id}-for`}
            label={t("cooked.for")}
            value={forHousehold}
            households={households}
            onChange={setForHousehold}
          />
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t("cooked.note")}</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={NOTE_MAX}
          value={note}
          placeholder={t("cooked.notePlaceholder")}
          aria-invalid={errors.note ? true : undefined}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </div>
      <button
        type="submit"
        className="button button-quiet"
        disabled={!day || !servingsOk || cooked.isPending}
      >
        {cooked.isPending ? t("cooked.saving") : t("cooked.iMadeThis")}
      </button>
      <p className="cooked-said" role="status">
        {noted && (
          <>
            {noted.householdId === null
              ? t("cooked.noted", { day: dayName(noted.day) })
              : t("cooked.notedFor", {
                  day: dayName(noted.day),
                  household: householdName(households, noted.householdId),
                })}{" "}
            <Link to="/cooked">{t("cooked.seeTheLog")}</Link>
          </>
        )}
      </p>
      {cooked.isError && (
        <p className="field-error" role="alert">
          {errorMessage(cooked.error)}
        </p>
      )}
    </form>
  );
}
