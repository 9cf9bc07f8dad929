/**
 * The recipe's ingredient lines: the line as written (read by the API to fill in the rest), ingredient,
 * grams, the amount as written; added, removed, reordered.
 * An imported line carries what the import said about it (its grams estimated or unknown), shown
 * under it until the recipe is saved; with `createsMissing`, a name not picked from the list is said
 * to be created on save.
 */
import { useId } from "react";
import {
  type Control,
  type UseFormRegister,
  type UseFormSetValue,
  useFieldArray,
  useFormState,
  useWatch,
} from "react-hook-form";
import { IngredientPicker } from "../../../components/ingredient-picker.tsx";
import { DragHandleButton, SortableList } from "../../../components/sortable-list.tsx";
import { useT } from "../../../i18n/index.ts";
import { GRAMS_FROM, gramsSource } from "../form/line-parse.ts";
import { emptyLine, type IngredientLineValues, type RecipeFormValues } from "../form/recipe-form.ts";
import { LineTextField } from "./line-text-field.tsx";

type Props = {
  control: Control<RecipeFormValues>;
  register: UseFormRegister<RecipeFormValues>;
  setValue: UseFormSetValue<RecipeFormValues>;
  createsMissing?: boolean;
};

/** What to tell about a line beside its fields: the import's review and whether its ingredient is new. */
function lineNotes(
  t: ReturnType<typeof useT>["t"],
  line: RecipeFormValues["ingredients"][number],
  createsMissing: boolean,
): string[] {
  const notes = line.review ? [line.review] : [];
  if (createsMissing && line.ingredient_id === null && line.name.trim() !== "")
    notes.push(t("recipe-editor.newIngredient", { name: line.name.trim() }));
  return notes;
}

export function IngredientLinesEditor({ control, register, setValue, createsMissing = false }: Props) {
  const { t } = useT();
  const { fields, append, remove, move } = useFieldArray({ control, name: "ingredients" });
  const lines = useWatch({ control, name: "ingredients" });
  const { errors } = useFormState({ control, name: "ingredients" });
  const id = useId();
  const listError = errors.ingredients?.message ?? errors.ingredients?.root?.message;

  /** A line's fields as filled in from its text (only what changed, so untouched fields stay clean). */
  const fill = (index: number, next: IngredientLineValues) => {
    const now = lines[index];
    const set = { shouldDirty: true } as const;
    if (next.amount_grams !== now?.amount_grams)
      setValue(`ingredients.${index}.amount_grams`, next.amount_grams, { ...set, shouldValidate: true });
    if (next.amount_readable !== now?.amount_readable)
      setValue(`ingredients.${index}.amount_readable`, next.amount_readable, set);
    if (next.name !== now?.name) setValue(`ingredients.${index}.name`, next.name, set);
    if (next.ingredient_id !== now?.ingredient_id)
      setValue(`ingredients.${index}.ingredient_id`, next.ingredient_id, {
        ...set,
        shouldValidate: next.ingredient_id !== null,
      });
    setValue(`ingredients.${index}.filled`, next.filled, set);
  };

  return (
    <section className="editor-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("recipe-editor.ingredients")}</h2>
      <p className="hint">{t("recipe-editor.ingredientsHint")}</p>
      <SortableList
        items={fields}
        itemName={(index) => t("recipe-editor.ingredientLineItem", { number: index + 1 })}
        onMove={move}
        className="editor-lines"
      >
        {(field, index, handle) => {
          const line = lines[index] ?? emptyLine();
          const lineErrors = errors.ingredients?.[index];
          const name = line.name.trim() || t("recipe-editor.lineNumber", { number: index + 1 });
          const notes = lineNotes(t, line, createsMissing);
          const notesId = notes.length ? `${field.id}-notes` : undefined;
          const gramsError = lineErrors?.amount_grams ? `${field.id}-grams-error` : undefined;
          const source = gramsSource(line);
          const sourceId = source ? `${field.id}-source` : undefined;
          return (
            <div className="ingredient-line">
              <DragHandleButton handle={handle} label={t("recipe-editor.moveLine", { name })} />
              <LineTextField
                id={`${field.id}-text`}
                index={index}
                line={line}
                register={register}
                onParsed={(next) => fill(index, next)}
              />
              <IngredientPicker
                label={t("recipe-editor.ingredientNumber", { number: index + 1 })}
                value={{ ingredient_id: line.ingredient_id, name: line.name }}
                error={lineErrors?.ingredient_id?.message}
                onChange={(picked) => {
                  setValue(`ingredients.${index}.name`, picked.name, { shouldDirty: true });
                  setValue(`ingredients.${index}.ingredient_id`, picked.ingredient_id, {
                    shouldDirty: true,
                    shouldValidate: picked.ingredient_id !== null,
                  });
                }}
              />
              <div className="field line-grams">
                <label htmlFor={`${field.id}-grams`}>{t("recipe-editor.grams")}</label>
                <input
                  id={`${field.id}-grams`}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={lineErrors?.amount_grams ? true : undefined}
                  aria-describedby={[gramsError, sourceId, notesId].filter(Boolean).join(" ") || undefined}
                  {...register(`ingredients.${index}.amount_grams`)}
                />
                {lineErrors?.amount_grams && (
                  <p id={`${field.id}-grams-error`} className="field-error">
                    {lineErrors.amount_grams.message}
                  </p>
                )}
              </div>
              {source && (
                <p id={sourceId} className="line-source" data-from={source}>
                  {t("recipe-editor.gramsFrom", { source: t(GRAMS_FROM[source]) })}
                </p>
              )}
              <div className="field line-readable">
                <label htmlFor={`${field.id}-readable`}>{t("recipe-editor.amountAsWritten")}</label>
                <input
                  id={`${field.id}-readable`}
                  type="text"
                  autoComplete="off"
                  placeholder={t("recipe-editor.amountPlaceholder")}
                  aria-invalid={lineErrors?.amount_readable ? true : undefined}
                  aria-describedby={lineErrors?.amount_readable ? `${field.id}-readable-error` : undefined}
                  {...register(`ingredients.${index}.amount_readable`)}
                />
                {lineErrors?.amount_readable && (
                  <p id={`${field.id}-readable-error`} className="field-error">
                    {lineErrors.amount_readable.message}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="icon-button line-remove"
                aria-label={t("recipe-editor.removeLine", { name })}
                onClick={() => remove(index)}
              >
                <span aria-hidden="true">×</span>
              </button>
              {notesId && (
                <div id={notesId} className="line-notes">
                  {notes.map((note) => (
                    <p key={note}>{note}</p>
                  ))}
                </div>
              )}
            </div>
          );
        }}
      </SortableList>
      {listError && <p className="field-error">{listError}</p>}
      <button type="button" className="button button-quiet" onClick={() => append(emptyLine())}>
        {t("recipe-editor.addIngredient")}
      </button>
    </section>
  );
}
