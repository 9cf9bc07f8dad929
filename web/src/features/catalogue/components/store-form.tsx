/**
 * One form for a new store and for changing one (its owner or an admin): name, address, phone,
 * website, description, coordinates; and deleting it with its shelves.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useApiForm } from "../../../hooks/use-api-form.ts";
import { type MessageId, useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { createStore, deleteStore, storeDeleted, storeSaved, updateStore } from "../api/mutations.ts";
import { fromStore, StoreForm, type StoreFormValues, storeField, toStoreBody } from "../lib/forms.ts";
import "../catalogue.css";

type Store = Schemas["StoreRead"];

/** Each field's label and hint (the messages' ids). */
const WORDS: Record<Path<StoreFormValues>, { label: MessageId; hint?: MessageId }> = {
  name: { label: "catalogue.name" },
  address: { label: "catalogue.address" },
  phone: { label: "catalogue.phone" },
  website: { label: "catalogue.website" },
  description: { label: "catalogue.description", hint: "catalogue.storeDescriptionHint" },
  latitude: { label: "catalogue.latitude", hint: "catalogue.latitudeHint" },
  longitude: { label: "catalogue.longitude", hint: "catalogue.longitudeHint" },
};

/** What a web address starts with: shown as typed, in every language. */
const WEB_ADDRESS_START = "https://";

export function StoreEditor({ store }: { store?: Store }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, mutation, onSubmit } = useApiForm({
    schema: StoreForm,
    defaultValues: fromStore(store),
    toField: storeField,
    save: (values: StoreFormValues) =>
      store ? updateStore(store.id, toStoreBody(values)) : createStore(toStoreBody(values)),
    onSaved: (row) => {
      storeSaved(queryClient, row);
      void navigate({ to: "/stores/$storeId", params: { storeId: String(row.id) } });
    },
  });
  const { t } = useT();

  return (
    <form className="entity-form" noValidate aria-label={t("catalogue.store")} onSubmit={onSubmit}>
      <SaveError error={mutation.error} />
      <TextInput form={form} name="name" />
      <TextInput form={form} name="address" autoComplete="street-address" />
      <div className="field-pair">
        <TextInput form={form} name="phone" type="tel" autoComplete="tel" />
        <TextInput form={form} name="website" type="url" placeholder={WEB_ADDRESS_START} />
      </div>
      <TextInput form={form} name="description" multiline />
      <div className="field-pair">
        <TextInput form={form} name="latitude" decimal />
        <TextInput form={form} name="longitude" decimal />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {t(
            mutation.isPending
              ? "catalogue.saving"
              : store
                ? "catalogue.saveChanges"
                : "catalogue.createStore",
          )}
        </button>
        {store && (
          <span className="push-end">
            <DeleteStoreButton store={store} />
          </span>
        )}
      </div>
    </form>
  );
}

export function DeleteStoreButton({ store }: { store: Store }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useT();
  return (
    <DeleteButton
      label={t("catalogue.deleteStore")}
      title={t("catalogue.deleteTitle", { name: store.name })}
      action={() => deleteStore(store.id)}
      onDeleted={() => {
        storeDeleted(queryClient, store.id);
        void navigate({ to: "/stores" });
      }}
    >
      <p>{t("catalogue.deleteStoreWhat")}</p>
    </DeleteButton>
  );
}

/** One of the store's text fields, registered with the form, its words from WORDS, its error beside it. */
function TextInput({
  form,
  name,
  type = "text",
  autoComplete = "off",
  placeholder,
  decimal,
  multiline,
}: {
  form: UseFormReturn<StoreFormValues, unknown, StoreFormValues>;
  name: Path<StoreFormValues>;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  decimal?: boolean;
  multiline?: boolean;
}): ReactNode {
  const error = form.formState.errors[name]?.message;
  const { t } = useT();
  const words = WORDS[name];
  return (
    <Field label={t(words.label)} hint={words.hint && t(words.hint)} error={error}>
      {(props) =>
        multiline ? (
          <textarea rows={3} {...props} {...form.register(name)} />
        ) : (
          <input
            type={type}
            inputMode={decimal ? "decimal" : undefined}
            autoComplete={autoComplete}
            placeholder={placeholder}
            {...props}
            {...form.register(name)}
          />
        )
      }
    </Field>
  );
}
