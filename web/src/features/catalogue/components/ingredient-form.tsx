/**
 * One form for a new ingredient and for changing one: name, the other names it goes by, description,
 * the recipe that makes it, its weights (grams per millilitre, grams per piece) and its picture. A
 * picture chosen for a new ingredient goes up once the ingredient exists; then on to its page.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { Controller } from "react-hook-form";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { PictureField } from "../../../components/picture-field.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useApiForm } from "../../../hooks/use-api-form.ts";
import { usePictureAfterSave } from "../../../hooks/use-picture-after-save.ts";
import { type MessageId, useT } from "../../../i18n/index.ts";
import { createIngredient } from "../../../lib/api/catalogue.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { deleteIngredient, ingredientDeleted, ingredientSaved, updateIngredient } from "../api/mutations.ts";
import {
  emptyIngredient,
  IngredientForm,
  type IngredientFormValues,
  ingredientField,
  sentOtherNameRows,
  toIngredientBody,
} from "../lib/forms.ts";
import { OtherNamesEditor } from "./other-names-editor.tsx";
import { RecipeLink } from "./recipe-link.tsx";
import "../catalogue.css";

type Ingredient = Schemas["IngredientRead"];

/** The two weights that turn cups and pieces into grams (CONTRACT.md, ingredients). */
const WEIGHTS = [
  { name: "grams_per_ml", label: "catalogue.gramsPerMl", hint: "catalogue.gramsPerMlHint" },
  { name: "grams_per_piece", label: "catalogue.gramsPerPiece", hint: "catalogue.gramsPerPieceHint" },
] as const satisfies { name: string; label: MessageId; hint: MessageId }[];

export function IngredientEditor({
  ingredient,
  defaults = emptyIngredient(),
}: {
  ingredient?: Ingredient;
  defaults?: IngredientFormValues;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const picture = usePictureAfterSave<Ingredient>(ingredient ?? null, (row) =>
    navigate({ to: "/ingredients/$ingredientId", params: { ingredientId: String(row.id) } }),
  );
  const saved = picture.saved;
  // The form's rows of other names that the last save sent (empty ones are not): the API's
  // `other_names.1.name` is the second of them.
  const sentRows = useRef<number[]>([]);

  const { form, mutation, onSubmit } = useApiForm({
    schema: IngredientForm,
    defaultValues: defaults,
    toField: (path) => ingredientField(path, sentRows.current),
    save: (values: IngredientFormValues) => {
      sentRows.current = sentOtherNameRows(values);
      return saved
        ? updateIngredient(saved.id, toIngredientBody(values))
        : createIngredient(toIngredientBody(values));
    },
    onSaved: (row) => {
      ingredientSaved(queryClient, row);
      picture.rowSaved(row);
    },
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const { t } = useT();

  return (
    <form className="entity-form" noValidate aria-label={t("catalogue.ingredient")} onSubmit={onSubmit}>
      <SaveError error={mutation.error} />
      {picture.uploadingAfterSave && (
        <p className="notice" role="status">
          {t("catalogue.ingredientPictureUploading")}
        </p>
      )}
      <Field label={t("catalogue.name")} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...register("name")} />}
      </Field>
      <OtherNamesEditor control={control} register={register} />
      <Field
        label={t("catalogue.description")}
        hint={t("catalogue.ingredientDescriptionHint")}
        error={errors.description?.message}
      >
        {(props) => <textarea rows={3} {...props} {...register("description")} />}
      </Field>
      <div className="field-pair">
        {WEIGHTS.map((weight) => (
          <Field
            key={weight.name}
            label={t(weight.label)}
            hint={t(weight.hint)}
            error={errors[weight.name]?.message}
          >
            {(props) => (
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                {...props}
                {...register(weight.name)}
              />
            )}
          </Field>
        ))}
      </div>
      <Controller
        control={control}
        name="recipe"
        render={({ field, fieldState }) => (
          <RecipeLink value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <PictureField<Ingredient>
        label={t("catalogue.picture")}
        target={saved ? { collection: "ingredients", id: saved.id } : null}
        src={saved?.img}
        hint={t("catalogue.pictureHint")}
        onPendingChange={picture.setPending}
        onUploaded={(row) => {
          ingredientSaved(queryClient, row);
          picture.pictureUploaded(row);
        }}
        onRemoved={() => saved && ingredientSaved(queryClient, { ...saved, img: null, preview_img: null })}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {t(
            mutation.isPending
              ? "catalogue.saving"
              : ingredient
                ? "catalogue.saveChanges"
                : "catalogue.createIngredient",
          )}
        </button>
        {ingredient && (
          <span className="push-end">
            <DeleteButton
              label={t("catalogue.deleteIngredient")}
              title={t("catalogue.deleteTitle", { name: ingredient.name })}
              action={() => deleteIngredient(ingredient.id)}
              onDeleted={() => {
                ingredientDeleted(queryClient, ingredient.id);
                void navigate({ to: "/ingredients" });
              }}
            >
              <p>{t("catalogue.deleteIngredientWhat")}</p>
            </DeleteButton>
          </span>
        )}
      </div>
    </form>
  );
}
