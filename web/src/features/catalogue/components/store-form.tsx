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
import type { Schemas } from "../../../lib/api/client.ts";
import { createStore, deleteStore, storeDeleted, storeSaved, updateStore } from "../api/mutations.ts";
import { fromStore, StoreForm, type StoreFormValues, storeField, toStoreBody } from "../lib/forms.ts";
import "../catalogue.css";

type Store = Schemas["StoreRead"];

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

  return (
    <form className="entity-form" noValidate aria-label="Store" onSubmit={onSubmit}>
      <SaveError error={mutation.error} />
      <TextInput form={form} name="name" label="Name" />
      <TextInput form={form} name="address" label="Address" autoComplete="street-address" />
      <div className="field-pair">
        <TextInput form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextInput form={form} name="website" label="Website" type="url" placeholder="https://" />
      </div>
      <TextInput
        form={form}
        name="description"
        label="Description"
        hint="Optional: opening hours, what it is good for."
        multiline
      />
      <div className="field-pair">
        <TextInput form={form} name="latitude" label="Latitude" hint="Optional, e.g. 52.37." decimal />
        <TextInput form={form} name="longitude" label="Longitude" hint="Optional, e.g. 4.89." decimal />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? "Saving…" : store ? "Save changes" : "Create store"}
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
  return (
    <DeleteButton
      label="Delete store"
      title={`Delete “${store.name}”?`}
      action={() => deleteStore(store.id)}
      onDeleted={() => {
        storeDeleted(queryClient, store.id);
        void navigate({ to: "/stores" });
      }}
    >
      <p>
        Its shelves go with it. The ingredients on them stay in the catalogue, and shopping lists that
        followed this store's walk list their items without it. This cannot be undone.
      </p>
    </DeleteButton>
  );
}

/** One of the store's text fields, registered with the form, its error beside it. */
function TextInput({
  form,
  name,
  label,
  hint,
  type = "text",
  autoComplete = "off",
  placeholder,
  decimal,
  multiline,
}: {
  form: UseFormReturn<StoreFormValues, unknown, StoreFormValues>;
  name: Path<StoreFormValues>;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  decimal?: boolean;
  multiline?: boolean;
}): ReactNode {
  const error = form.formState.errors[name]?.message;
  return (
    <Field label={label} hint={hint} error={error}>
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
