/**
 * "Other names" of the ingredient form: the names it also goes by (`Zucker` in German,
 * `Kristallzucker` in any language), a row each of name, language and a Remove button, and "Add a
 * name". Each control is labelled with its row's number; the API's error about a row shows under
 * that row's field, one about the list as a whole under the list. Removing a row moves the focus to
 * the row that takes its place (or the one before it, or "Add a name"), never to the page's start.
 */
import { useEffect, useId, useRef } from "react";
import { type Control, type UseFormRegister, useFieldArray, useFormState } from "react-hook-form";
import { useT } from "../../../i18n/index.ts";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../i18n/languages.ts";
import { emptyOtherName, type IngredientFormValues, MAX_OTHER_NAMES } from "../lib/forms.ts";

export function OtherNamesEditor({
  control,
  register,
}: {
  control: Control<IngredientFormValues>;
  register: UseFormRegister<IngredientFormValues>;
}) {
  const { t } = useT();
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: "other_names" });
  const { errors } = useFormState({ control, name: "other_names" });
  const listError = errors.other_names?.message ?? errors.other_names?.root?.message;
  const addButton = useRef<HTMLButtonElement>(null);
  /** The row to focus once a removal has rendered (-1: none is left, so "Add a name"). */
  const refocus = useRef<number | null>(null);

  useEffect(() => {
    const row = refocus.current;
    if (row === null) return;
    refocus.current = null;
    const field = fields[row];
    if (field) document.getElementById(`${id}-${field.id}-name`)?.focus();
    else addButton.current?.focus();
  }, [fields, id]);

  const hintId = `${id}-hint`;
  const listErrorId = `${id}-error`;
  return (
    <fieldset className="other-names" aria-describedby={listError ? `${hintId} ${listErrorId}` : hintId}>
      <legend>{t("catalogue.otherNames")}</legend>
      <p id={hintId} className="field-hint">
        {t("catalogue.otherNamesHint")}
      </p>
      {fields.map((field, index) => {
        const number = index + 1;
        const nameError = errors.other_names?.[index]?.name?.message;
        const languageError = errors.other_names?.[index]?.language?.message;
        const rowId = `${id}-${field.id}`;
        return (
          <div key={field.id} className="other-name-row">
            <div className="field other-name">
              <label htmlFor={`${rowId}-name`}>{t("catalogue.otherNameNumber", { number })}</label>
              <input
                id={`${rowId}-name`}
                type="text"
                autoComplete="off"
                maxLength={100}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${rowId}-name-error` : undefined}
                {...register(`other_names.${index}.name`)}
              />
              {nameError && (
                <p id={`${rowId}-name-error`} className="field-error">
                  {nameError}
                </p>
              )}
            </div>
            <div className="field other-name-language">
              <label htmlFor={`${rowId}-language`}>{t("catalogue.language")}</label>
              <select
                id={`${rowId}-language`}
                aria-label={t("catalogue.languageOf", { number })}
                aria-invalid={languageError ? true : undefined}
                aria-describedby={languageError ? `${rowId}-language-error` : undefined}
                {...register(`other_names.${index}.language`)}
              >
                <option value="">{t("catalogue.anyLanguage")}</option>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </select>
              {languageError && (
                <p id={`${rowId}-language-error`} className="field-error">
                  {languageError}
                </p>
              )}
            </div>
            <button
              type="button"
              className="button button-quiet other-name-remove"
              aria-label={t("catalogue.removeOf", { number })}
              onClick={() => {
                // The row after it takes its place; when it was the last, the one before it.
                refocus.current = index < fields.length - 1 ? index : index - 1;
                remove(index);
              }}
            >
              {t("catalogue.remove")}
            </button>
          </div>
        );
      })}
      {listError && (
        <p id={listErrorId} className="field-error">
          {listError}
        </p>
      )}
      {fields.length < MAX_OTHER_NAMES ? (
        <button
          ref={addButton}
          type="button"
          className="button button-quiet other-names-add"
          onClick={() => append(emptyOtherName())}
        >
          {t("catalogue.addOtherName")}
        </button>
      ) : (
        <p className="field-hint">{t("catalogue.otherNamesAtMost", { count: MAX_OTHER_NAMES })}</p>
      )}
    </fieldset>
  );
}
