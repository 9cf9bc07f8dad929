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
import { PictureField } from "../../../components/picture-field.tsx";
import type { Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { auth, useAuth } from "../../../lib/auth.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { applyFieldErrors } from "../../../lib/form.ts";
import { recipeSaved, usePictureFromUrl, useSaveRecipe } from "../api/mutations.ts";
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

const timeOfDay = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export function RecipeEditor({ recipe, seed }: { recipe?: Recipe; seed?: EditorSeed }) {
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

  const unmapped =
    save.error instanceof ApiError &&
    Object.keys(save.error.fieldErrors).every((path) => toFieldName(path) === null);

  return (
    <>
      {offer && (
        <div className="notice draft-offer" role="alert">
          <h2 className="notice-title">You have unsaved changes</h2>
          <p>
            From {timeOfDay.format(offer.savedAt)}, kept in this browser. Restore them to go on where you left
            off.
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={restore}>
              Restore my changes
            </button>
            <button type="button" className="button button-quiet" onClick={discard}>
              Discard them
            </button>
          </div>
        </div>
      )}
      <form className="editor" noValidate aria-labelledby={`${id}-title`} onSubmit={handleSubmit(submit)}>
        <h2 id={`${id}-title`} className="visually-hidden">
          Recipe
        </h2>
        {/* While a draft is offered, the form waits for the answer: nothing typed can clash with it. */}
        <fieldset className="editor-body" disabled={offer !== null}>
          {save.isError && (
            <p className="notice notice-error" role="alert">
              {unmapped || !(save.error instanceof ApiError)
                ? errorMessage(save.error)
                : `${errorMessage(save.error)} See the marked fields.`}
            </p>
          )}
          {uploadingAfterSave && (
            <p className="notice" role="status">
              The recipe is saved; its picture is uploading.{" "}
              {savedId !== null && (
                <Link to="/recipes/$recipeId" params={{ recipeId: String(savedId) }}>
                  Open the recipe
                </Link>
              )}
            </p>
          )}
          {pictureFailure && savedId !== null && (
            <p className="notice notice-error" role="alert">
              The recipe is saved, but the page's picture could not be brought along: {pictureFailure} Choose
              one below, or{" "}
              <Link to="/recipes/$recipeId" params={{ recipeId: String(savedId) }}>
                open the recipe
              </Link>
              .
            </p>
          )}

          <section className="editor-section editor-basics" aria-label="About the recipe">
            <div className="editor-basics-text">
              <Field label="Title" error={errors.title?.message}>
                {(props) => <input type="text" autoComplete="off" {...props} {...register("title")} />}
              </Field>
              <Field
                label="Description"
                hint="A line or two: what it is, why it is good."
                error={errors.description?.message}
              >
                {(props) => <textarea rows={4} {...props} {...register("description")} />}
              </Field>
              <Field
                label="Source address"
                hint="Where the recipe comes from, if it is not your own (optional)."
                error={errors.source_url?.message}
              >
                {(props) => (
                  <input
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    placeholder="https://"
                    {...props}
                    {...register("source_url")}
                  />
                )}
              </Field>
            </div>
            <PictureField<Recipe>
              label="Picture"
              target={savedId === null ? null : { collection: "recipes", id: savedId }}
              src={recipe?.img}
              hint={
                recipe
                  ? "A new picture is saved at once. Large photos are scaled down before they are sent."
                  : "Uploaded when you save the recipe. Large photos are scaled down first."
              }
              onPendingChange={setPicturePending}
              onUploaded={(row) => {
                recipeSaved(queryClient, row);
                if (uploadingAfterSave) goToRecipe(row.id);
              }}
              onRemoved={() => void queryClient.invalidateQueries({ queryKey: recipeQueries.all })}
            />
          </section>

          <section className="editor-section" aria-label="Times and servings">
            <div className="editor-times">
              <TimeField label="Prep time" name="prep" register={register} error={timeError(errors.prep)} />
              <TimeField label="Cook time" name="cook" register={register} error={timeError(errors.cook)} />
              <TimeField
                label="Total time (optional)"
                name="total"
                register={register}
                error={timeError(errors.total)}
                hint="With resting, rising or chilling. Empty: prep + cook."
              />
              <Field label="Servings" error={errors.servings?.message} className="editor-servings">
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
          <StepsEditor control={control} register={register} />

          <div className="editor-actions">
            <button
              type="submit"
              className="button button-large"
              disabled={save.isPending || uploadingAfterSave}
            >
              {save.isPending ? "Saving…" : savedId === null ? "Create recipe" : "Save changes"}
            </button>
            {recipe && (
              <Link
                to="/recipes/$recipeId"
                params={{ recipeId: String(recipe.id) }}
                className="button button-quiet"
              >
                Cancel
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
        title="Leave without saving?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          draft.forget();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      >
        <p>Your changes to this recipe are not saved yet.</p>
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
