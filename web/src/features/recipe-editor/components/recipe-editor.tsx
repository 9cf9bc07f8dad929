/**
 * One form for a new recipe and for changing one. Nothing typed is lost: every change is kept as a
 * draft in this browser until the recipe is saved (useRecipeDraft: offered back when the editor opens
 * again, e.g. after logging in once the token ran out), the API's refusals land next to their fields, and
 * leaving with unsaved changes asks first. A new recipe may start filled in (`seed`: an import under
 * review), its lines free to name ingredients that are created on save.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useBlocker, useNavigate } from "@tanstack/react-router";
import { useId, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Field } from "../../../components/form-field.tsx";
import { LinkedText } from "../../../components/linked-text.tsx";
import { PictureField } from "../../../components/picture-field.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { recipeSaved } from "../../../lib/api/recipe-saved.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { auth, useAuth } from "../../../lib/auth.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { applyFieldErrors } from "../../../lib/form.ts";
import { usePictureFromUrl, useSaveRecipe } from "../api/mutations.ts";
import { draftKey } from "../form/draft.ts";
import {
  emptyForm,
  fromRecipe,
  ImportedRecipeForm,
  RecipeForm,
  type RecipeFormValues,
  toFieldName,
} from "../form/recipe-form.ts";
import { useRecipeDraft } from "../form/use-recipe-draft.ts";
import { CategoryPicker } from "./category-picker.tsx";
import { DeleteRecipeButton } from "./delete-recipe-button.tsx";
import { IngredientLinesEditor } from "./ingredient-lines-editor.tsx";
import { NutritionSoFar } from "./nutrition-so-far.tsx";
import { StepsEditor } from "./steps-editor.tsx";
import { TimeField } from "./time-field.tsx";
import "../recipe-editor.css";

type Recipe = Schemas["RecipeRead"];

/** A new recipe that starts filled in (an import under review): none of it is saved yet. */
export type EditorSeed = {
  values: RecipeFormValues;
  /** A picture the service fetches onto the recipe after its first save, unless one is chosen here. */
  pictureUrl?: string | null;
};

export function RecipeEditor({ recipe, seed }: { recipe?: Recipe; seed?: EditorSeed }) {
  const { t, language } = useT();
  const { session } = useAuth();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The draft belongs to the account that started it, even after its token ran out mid-edit.
  const userId = useRef(session?.userId ?? 0).current;
  const key = draftKey(userId, recipe?.id ?? null, seed ? "import" : "new");
  const defaults = useMemo(() => (recipe ? fromRecipe(recipe) : emptyForm()), [recipe]);
  const form = useForm<RecipeFormValues>({
    resolver: zodResolver(seed ? ImportedRecipeForm : RecipeForm),
    defaultValues: defaults,
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const errors = formState.errors;

  /** The recipe's id once it exists (a new recipe gets one on its first save). */
  const [savedId, setSavedId] = useState<number | null>(recipe?.id ?? null);
  const [picturePending, setPicturePending] = useState(false);
  const [uploadingAfterSave, setUploadingAfterSave] = useState(false);
  const [pictureFailure, setPictureFailure] = useState<string | null>(null);
  const draft = useRecipeDraft(form, key, defaults, seed?.values);
  const { offer, restore, discard } = draft;

  // Ask before leaving with unsaved changes; not after a save or delete, and not when the session
  // ran out (the shell then sends the person to log in, and the draft is already kept).
  const leaving = useRef(false);
  const dirty = formState.isDirty || picturePending;
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker({
    shouldBlockFn: () => !leaving.current && dirtyNow.current && auth.state().session !== null,
    enableBeforeUnload: () => !leaving.current && dirtyNow.current,
    withResolver: true,
  });

  const goToRecipe = (recipeId: number) => {
    leaving.current = true;
    void navigate({ to: "/recipes/$recipeId", params: { recipeId: String(recipeId) } });
  };

  const fetchPicture = usePictureFromUrl();
  const save = useSaveRecipe();
  const submit = (values: RecipeFormValues) =>
    save.mutate(
      {
        recipeId: savedId,
        values,
        // New ingredients of an import exist before the recipe that uses them.
        onNewIngredient: seed
          ? (index, ingredient) => {
              form.setValue(`ingredients.${index}.ingredient_id`, ingredient.id);
              form.setValue(`ingredients.${index}.name`, ingredient.name);
            }
          : undefined,
      },
      {
        onSuccess: (saved) => {
          draft.forget();
          form.reset(fromRecipe(saved));
          const first = savedId === null;
          setSavedId(saved.id);
          // A picture chosen for a new recipe goes up now that the recipe exists; then on to it. An
          // imported recipe's own picture is fetched by the service instead, unless one was chosen.
          if (picturePending) setUploadingAfterSave(true);
          else if (first && seed?.pictureUrl) {
            setUploadingAfterSave(true);
            fetchPicture.mutate(
              { recipeId: saved.id, url: seed.pictureUrl },
              {
                onSuccess: (row) => goToRecipe(row.id),
                onError: (error) => {
                  setUploadingAfterSave(false);
                  setPictureFailure(errorMessage(error));
                },
              },
            );
          } else goToRecipe(saved.id);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const first = applyFieldErrors(error.fieldErrors, toFieldName, setError);
          if (first) form.setFocus(first as Parameters<typeof form.setFocus>[0]);
        },
      },
    );

  const timeOfDay = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  const unmapped =
    save.error instanceof ApiError &&
    Object.keys(save.error.fieldErrors).every((path) => toFieldName(path) === null);

  return (
    <>
      {offer && (
        <div className="notice draft-offer" role="alert">
          <h2 className="notice-title">{t("recipe-editor.unsavedTitle")}</h2>
          <p>{t("recipe-editor.unsavedText", { savedAt: timeOfDay.format(offer.savedAt) })}</p>
          <div className="actions">
            <button type="button" className="button" onClick={restore}>
              {t("recipe-editor.restoreChanges")}
            </button>
            <button type="button" className="button button-quiet" onClick={discard}>
              {t("recipe-editor.discardThem")}
            </button>
          </div>
        </div>
      )}
      <form className="editor" noValidate aria-labelledby={`${id}-title`} onSubmit={handleSubmit(submit)}>
        <h2 id={`${id}-title`} className="visually-hidden">
          {t("recipe-editor.formTitle")}
        </h2>
        {/* While a draft is offered, the form waits for the answer: nothing typed can clash with it. */}
        <fieldset className="editor-body" disabled={offer !== null}>
          {save.isError && (
            <p className="notice notice-error" role="alert">
              {unmapped || !(save.error instanceof ApiError)
                ? errorMessage(save.error)
                : t("recipe-editor.seeMarkedFields", { error: errorMessage(save.error) })}
            </p>
          )}
          {uploadingAfterSave && (
            <p className="notice" role="status">
              {t("recipe-editor.pictureUploading")}{" "}
              {savedId !== null && (
                <Link to="/recipes/$recipeId" params={{ recipeId: String(savedId) }}>
                  {t("recipe-editor.openTheRecipe")}
                </Link>
              )}
            </p>
          )}
          {pictureFailure && savedId !== null && (
            <p className="notice notice-error" role="alert">
              <LinkedText
                text={t("recipe-editor.pictureNotBrought", { error: pictureFailure })}
                link={(words) => (
                  <Link to="/recipes/$recipeId" params={{ recipeId: String(savedId) }}>
                    {words}
                  </Link>
                )}
              />
            </p>
          )}

          <section className="editor-section editor-basics" aria-label={t("recipe-editor.aboutRecipe")}>
            <div className="editor-basics-text">
              <Field label={t("recipe-editor.title")} error={errors.title?.message}>
                {(props) => <input type="text" autoComplete="off" {...props} {...register("title")} />}
              </Field>
              <Field
                label={t("recipe-editor.description")}
                hint={t("recipe-editor.descriptionHint")}
                error={errors.description?.message}
              >
                {(props) => <textarea rows={4} {...props} {...register("description")} />}
              </Field>
              <Field
                label={t("recipe-editor.sourceAddress")}
                hint={t("recipe-editor.sourceHint")}
                error={errors.source_url?.message}
              >
                {(props) => (
                  <input
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    placeholder={t("recipe-editor.urlPlaceholder")}
                    {...props}
                    {...register("source_url")}
                  />
                )}
              </Field>
            </div>
            <PictureField<Recipe>
              label={t("recipe-editor.picture")}
              target={savedId === null ? null : { collection: "recipes", id: savedId }}
              src={recipe?.img}
              hint={recipe ? t("recipe-editor.pictureHintSaved") : t("recipe-editor.pictureHintNew")}
              onPendingChange={setPicturePending}
              onUploaded={(row) => {
                recipeSaved(queryClient, row);
                if (uploadingAfterSave) goToRecipe(row.id);
              }}
              onRemoved={() => void queryClient.invalidateQueries({ queryKey: recipeQueries.all })}
            />
          </section>

          <section className="editor-section" aria-label={t("recipe-editor.timesAndServings")}>
            <div className="editor-times">
              <TimeField
                label={t("recipe-editor.prepTime")}
                name="prep"
                register={register}
                error={timeError(errors.prep)}
              />
              <TimeField
                label={t("recipe-editor.cookTime")}
                name="cook"
                register={register}
                error={timeError(errors.cook)}
              />
              <TimeField
                label={t("recipe-editor.totalTime")}
                name="total"
                register={register}
                error={timeError(errors.total)}
                hint={t("recipe-editor.totalTimeHint")}
              />
              <Field
                label={t("recipe-editor.servings")}
                error={errors.servings?.message}
                className="editor-servings"
              >
                {(props) => (
                  <input
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    size={4}
                    {...props}
                    {...register("servings")}
                  />
                )}
              </Field>
            </div>
          </section>

          <section className="editor-section">
            <Controller
              control={control}
              name="category_ids"
              render={({ field, fieldState }) => (
                <CategoryPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </section>

          <IngredientLinesEditor
            control={control}
            register={register}
            setValue={form.setValue}
            createsMissing={seed !== undefined}
          />
          <NutritionSoFar control={control} />
          <StepsEditor control={control} register={register} />

          <div className="editor-actions">
            <button
              type="submit"
              className="button button-large"
              disabled={save.isPending || uploadingAfterSave}
            >
              {save.isPending
                ? t("recipe-editor.saving")
                : savedId === null
                  ? t("recipe-editor.createRecipe")
                  : t("recipe-editor.saveChanges")}
            </button>
            {recipe && (
              <Link
                to="/recipes/$recipeId"
                params={{ recipeId: String(recipe.id) }}
                className="button button-quiet"
              >
                {t("recipe-editor.cancel")}
              </Link>
            )}
            {recipe && (
              <span className="editor-delete">
                <DeleteRecipeButton
                  recipe={recipe}
                  onDeleted={() => {
                    leaving.current = true;
                    draft.forget();
                  }}
                />
              </span>
            )}
          </div>
        </fieldset>
      </form>

      <ConfirmDialog
        open={blocker.status === "blocked"}
        title={t("recipe-editor.leaveTitle")}
        confirmLabel={t("recipe-editor.discardChanges")}
        cancelLabel={t("recipe-editor.keepEditing")}
        onConfirm={() => {
          draft.forget();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      >
        <p>{t("recipe-editor.leaveText")}</p>
      </ConfirmDialog>
    </>
  );
}

/** A time's error: the API's (on the pair) or the form's (on hours or minutes). */
function timeError(
  error: { message?: string; hours?: { message?: string }; minutes?: { message?: string } } | undefined,
) {
  return error?.message ?? error?.hours?.message ?? error?.minutes?.message;
}
