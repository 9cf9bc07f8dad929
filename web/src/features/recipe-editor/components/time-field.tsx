import { useId } from "react";
import type { UseFormRegister } from "react-hook-form";
import { type MessageId, useT } from "../../../i18n/index.ts";
import type { RecipeFormValues } from "../form/recipe-form.ts";

/** Prep, cook or total time as hours and minutes (form/time.ts turns them into seconds). */
export function TimeField({
  label,
  name,
  register,
  error,
  hint,
}: {
  label: string;
  name: "prep" | "cook" | "total";
  register: UseFormRegister<RecipeFormValues>;
  error?: string;
  /** A sentence under the fields, read with them. */
  hint?: string;
}) {
  const { t } = useT();
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const input = (unit: "hours" | "minutes", short: MessageId, long: MessageId) => (
    <span className="time-part">
      <input
        id={`${id}-${unit}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        size={3}
        aria-labelledby={`${id}-legend ${id}-${unit}-unit`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...register(`${name}.${unit}`)}
      />
      <label id={`${id}-${unit}-unit`} htmlFor={`${id}-${unit}`}>
        <span aria-hidden="true">{t(short)}</span>
        <span className="visually-hidden">{t(long)}</span>
      </label>
    </span>
  );
  return (
    <fieldset className="time-field">
      <legend id={`${id}-legend`}>{label}</legend>
      <div className="time-parts">
        {input("hours", "recipe-editor.hoursShort", "recipe-editor.hours")}
        {input("minutes", "recipe-editor.minutesShort", "recipe-editor.minutes")}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
