/** The recipe's steps, numbered in order: added, removed, reordered by drag or keyboard. */
import { useId } from "react";
import { type Control, type UseFormRegister, useFieldArray, useFormState } from "react-hook-form";
import { DragHandleButton, SortableList } from "../../../components/sortable-list.tsx";
import { useT } from "../../../i18n/index.ts";
import type { RecipeFormValues } from "../form/recipe-form.ts";

export function StepsEditor({
  control,
  register,
}: {
  control: Control<RecipeFormValues>;
  register: UseFormRegister<RecipeFormValues>;
}) {
  const { t } = useT();
  const { fields, append, remove, move } = useFieldArray({ control, name: "steps" });
  const { errors } = useFormState({ control, name: "steps" });
  const id = useId();
  const listError = errors.steps?.message ?? errors.steps?.root?.message;

  return (
    <section className="editor-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("recipe-editor.steps")}</h2>
      <SortableList
        items={fields}
        itemName={(index) => t("recipe-editor.stepItem", { number: index + 1 })}
        onMove={move}
        className="editor-steps"
      >
        {(field, index, handle) => {
          const error = errors.steps?.[index]?.description?.message;
          return (
            <div className="step-line">
              <DragHandleButton handle={handle} label={t("recipe-editor.moveStep", { number: index + 1 })} />
              <div className="field">
                <label htmlFor={`${field.id}-text`}>
                  {t("recipe-editor.stepNumber", { number: index + 1 })}
                </label>
                <textarea
                  id={`${field.id}-text`}
                  rows={3}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${field.id}-error` : undefined}
                  {...register(`steps.${index}.description`)}
                />
                {error && (
                  <p id={`${field.id}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
              <button
                type="button"
                className="icon-button line-remove"
                aria-label={t("recipe-editor.removeStep", { number: index + 1 })}
                onClick={() => remove(index)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          );
        }}
      </SortableList>
      {listError && <p className="field-error">{listError}</p>}
      <button type="button" className="button button-quiet" onClick={() => append({ description: "" })}>
        {t("recipe-editor.addStep")}
      </button>
    </section>
  );
}
