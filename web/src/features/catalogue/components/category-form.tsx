/**
 * One form for a new category and for changing one (admins only): name, description, picture; and
 * deleting it, which takes it off every recipe filed under it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { PictureField } from "../../../components/picture-field.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useApiForm } from "../../../hooks/use-api-form.ts";
import { usePictureAfterSave } from "../../../hooks/use-picture-after-save.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { categoriesChanged, createCategory, deleteCategory, updateCategory } from "../api/mutations.ts";
import {
  CategoryForm,
  type CategoryFormValues,
  categoryField,
  fromCategory,
  toCategoryBody,
} from "../lib/forms.ts";
import "../catalogue.css";

type Category = Schemas["CategoryRead"];

export function CategoryEditor({ category }: { category?: Category }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const backToList = () => void navigate({ to: "/categories" });
  const picture = usePictureAfterSave<Category>(category ?? null, backToList);
  const saved = picture.saved;

  const { form, mutation, onSubmit } = useApiForm({
    schema: CategoryForm,
    defaultValues: fromCategory(category),
    toField: categoryField,
    save: (values: CategoryFormValues) =>
      saved ? updateCategory(saved.id, toCategoryBody(values)) : createCategory(toCategoryBody(values)),
    onSaved: (row) => {
      categoriesChanged(queryClient);
      picture.rowSaved(row);
    },
  });
  const errors = form.formState.errors;
  const { t } = useT();

  return (
    <form className="entity-form" noValidate aria-label={t("catalogue.category")} onSubmit={onSubmit}>
      <SaveError error={mutation.error} />
      {picture.uploadingAfterSave && (
        <p className="notice" role="status">
          {t("catalogue.categoryPictureUploading")}
        </p>
      )}
      <Field label={t("catalogue.name")} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...form.register("name")} />}
      </Field>
      <Field
        label={t("catalogue.description")}
        hint={t("catalogue.optional")}
        error={errors.description?.message}
      >
        {(props) => <textarea rows={3} {...props} {...form.register("description")} />}
      </Field>
      <PictureField<Category>
        label={t("catalogue.picture")}
        target={saved ? { collection: "categories", id: saved.id } : null}
        src={saved?.img}
        hint={t("catalogue.pictureHint")}
        onPendingChange={picture.setPending}
        onUploaded={(row) => {
          categoriesChanged(queryClient);
          picture.pictureUploaded(row);
        }}
        onRemoved={() => categoriesChanged(queryClient)}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {t(
            mutation.isPending
              ? "catalogue.saving"
              : category
                ? "catalogue.saveChanges"
                : "catalogue.createCategory",
          )}
        </button>
        {category && (
          <span className="push-end">
            <DeleteButton
              label={t("catalogue.deleteCategory")}
              title={t("catalogue.deleteTitle", { name: category.name })}
              action={() => deleteCategory(category.id)}
              onDeleted={() => {
                categoriesChanged(queryClient);
                backToList();
              }}
            >
              <p>{t("catalogue.deleteCategoryWhat")}</p>
            </DeleteButton>
          </span>
        )}
      </div>
    </form>
  );
}
