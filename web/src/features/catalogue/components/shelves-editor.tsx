/**
 * A store's shelves as its owner (or an admin) manages them: an ordered list, moved by drag or by
 * keyboard (the new walking order goes to the API in one request, applied whole or not at all),
 * renamed, removed; ingredients placed on a shelf by typing their name. An ingredient that already
 * sits on another shelf of the store (the API's 409) is shown with an offer to move it here, which
 * is one request too (`move: true`), so it is never left on no shelf.
 */
import { type UseInfiniteQueryResult, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { Field } from "../../../components/form-field.tsx";
import { IngredientPicker, type PickedIngredient } from "../../../components/ingredient-picker.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { Loading } from "../../../components/loading.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { DragHandleButton, SortableList } from "../../../components/sortable-list.tsx";
import { useApiForm } from "../../../hooks/use-api-form.ts";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { allItems } from "../../../lib/keyset.ts";
import {
  createShelf,
  deleteShelf,
  shelvesChanged,
  updateShelf,
  useReorderShelves,
  useUpdateShelf,
} from "../api/mutations.ts";
import { ShelfNameForm, type ShelfNameFormValues, shelfField } from "../lib/forms.ts";
import { moveItem, nextPosition, shelfHolding } from "../lib/shelves.ts";
import "../catalogue.css";

type Shelf = Schemas["ShelfRead"];
type ShelvesQuery = UseInfiniteQueryResult<{ pages: { items: Shelf[]; next_cursor: string | null }[] }>;

export function ShelvesEditor({ storeId, query }: { storeId: number; query: ShelvesQuery }) {
  const loaded = allItems(query.data);
  // The order just chosen, shown until the shelves are read back in it.
  const [moved, setMoved] = useState<Shelf[] | null>(null);
  const shelves = moved ?? loaded;
  const reorder = useReorderShelves(storeId);
  const { t } = useT();

  if (query.isPending) return <Loading />;
  if (query.isError && loaded.length === 0)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const items = shelves.map((shelf) => ({ id: String(shelf.id), shelf }));
  return (
    <>
      <p className="hint">{t("catalogue.shelvesHint")}</p>
      <p className="field-hint" role="status">
        {reorder.isPending
          ? t("catalogue.savingOrder")
          : reorder.isSuccess
            ? t("catalogue.orderSaved")
            : null}
      </p>
      {reorder.isError && (
        // Not SaveError: a refused order names list entries (`shelf_ids.2`), not fields on this page.
        <p className="notice notice-error" role="alert">
          {errorMessage(reorder.error)}
          {reorder.error instanceof ApiError &&
            reorder.error.status === 422 &&
            ` ${t("catalogue.orderRefused")}`}
        </p>
      )}
      {items.length === 0 ? (
        <p className="hint">{t("catalogue.noShelves")}</p>
      ) : (
        <SortableList
          items={items}
          itemName={(index) => t("catalogue.shelfItem", { name: items[index]?.shelf.name ?? index + 1 })}
          onMove={(from, to) => {
            const next = moveItem(shelves, from, to);
            setMoved(next);
            reorder.mutate(
              {
                shelfIds: next.map((shelf) => shelf.id),
                after: query.data?.pages.at(-1)?.next_cursor ?? null,
              },
              // Runs for the last move only (TanStack Query's rule), the one on screen.
              { onSettled: () => setMoved(null) },
            );
          }}
          className="shelf-editor"
        >
          {({ shelf }, _index, handle) => (
            <div className="shelf-card">
              <DragHandleButton handle={handle} label={t("catalogue.moveShelf", { name: shelf.name })} />
              <ShelfCard storeId={storeId} shelf={shelf} shelves={shelves} />
            </div>
          )}
        </SortableList>
      )}
      <LoadMore
        hasMore={query.hasNextPage && !query.isFetchNextPageError}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        label={t("catalogue.moreShelves")}
      />
      <AddShelf storeId={storeId} position={nextPosition(shelves)} />
    </>
  );
}

/** A 409 on placing an ingredient: which one, the API's sentence, and the shelf it sits on now. */
type Taken = { ingredient: { id: number; name: string }; message: string; from: Shelf | undefined };

function ShelfCard({ storeId, shelf, shelves }: { storeId: number; shelf: Shelf; shelves: Shelf[] }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [picked, setPicked] = useState<PickedIngredient>({ ingredient_id: null, name: "" });
  const [taken, setTaken] = useState<Taken | null>(null);
  const refresh = () => shelvesChanged(queryClient, storeId);
  const { t } = useT();
  const ingredientName = useIngredientName();

  // Three changes to the shelf, each with its own state: an ingredient placed, moved here from
  // another shelf, taken off.
  const place = useUpdateShelf(storeId, shelf.id);
  const move = useUpdateShelf(storeId, shelf.id);
  const takeOff = useUpdateShelf(storeId, shelf.id);

  const pick = (value: PickedIngredient) => {
    setPicked(value);
    if (value.ingredient_id === null) return;
    setTaken(null);
    move.reset();
    const ingredient = { id: value.ingredient_id, name: value.name };
    place.mutate(
      { ingredient_ids: [...shelf.ingredient_ids, ingredient.id] },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setTaken({
              ingredient,
              message: error.message,
              from: shelfHolding(shelves, ingredient.id, shelf.id),
            });
          }
        },
      },
    );
    setPicked({ ingredient_id: null, name: "" });
  };

  // A 409 on placing is answered by the offer to move, not by an error.
  const placeError = place.error instanceof ApiError && place.error.status === 409 ? null : place.error;

  return (
    <div className="shelf-card-body">
      {renaming ? (
        <RenameShelf
          storeId={storeId}
          shelf={shelf}
          onDone={() => {
            setRenaming(false);
            refresh();
          }}
        />
      ) : (
        <div className="shelf-card-head">
          <h3>{shelf.name}</h3>
          <button
            type="button"
            className="button button-quiet"
            aria-label={t("catalogue.renameName", { name: shelf.name })}
            onClick={() => setRenaming(true)}
          >
            {t("catalogue.rename")}
          </button>
          <DeleteButton
            label={t("catalogue.remove")}
            accessibleLabel={t("catalogue.removeName", { name: shelf.name })}
            title={t("catalogue.removeShelfTitle", { name: shelf.name })}
            confirmLabel={t("catalogue.removeShelf")}
            action={() => deleteShelf(storeId, shelf.id)}
            onDeleted={refresh}
          >
            <p>{t("catalogue.removeShelfWhat")}</p>
          </DeleteButton>
        </div>
      )}
      {shelf.ingredients.length > 0 ? (
        <ul className="shelf-ingredients" aria-label={t("catalogue.onShelf", { name: shelf.name })}>
          {shelf.ingredients.map((ingredient) => (
            <li key={ingredient.id} className="shelf-ingredient">
              <Link to="/ingredients/$ingredientId" params={{ ingredientId: String(ingredient.id) }}>
                {ingredientName(ingredient.name)}
              </Link>
              <button
                type="button"
                className="icon-button"
                aria-label={t("catalogue.takeOff", {
                  ingredient: ingredientName(ingredient.name),
                  shelf: shelf.name,
                })}
                disabled={takeOff.isPending}
                onClick={() =>
                  takeOff.mutate({ ingredient_ids: shelf.ingredient_ids.filter((i) => i !== ingredient.id) })
                }
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t("catalogue.nothingPlaced")}</p>
      )}
      <IngredientPicker label={t("catalogue.placeOn", { name: shelf.name })} value={picked} onChange={pick} />
      {place.isPending && (
        <p className="field-hint" role="status">
          {t("catalogue.placing")}
        </p>
      )}
      {taken && (
        <div className="notice move-offer" role="alert">
          <p>
            {/* The app's own sentence when it knows the shelf; else the API's. */}
            {taken.from
              ? t("catalogue.alreadyOnShelf", {
                  ingredient: ingredientName(taken.ingredient.name),
                  shelf: taken.from.name,
                })
              : taken.message}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={move.isPending}
              // One request: the API takes it off its other shelf in the same transaction.
              onClick={() =>
                move.mutate(
                  { ingredient_ids: [...shelf.ingredient_ids, taken.ingredient.id], move: true },
                  { onSuccess: () => setTaken(null) },
                )
              }
            >
              {t("catalogue.moveTo", {
                ingredient: ingredientName(taken.ingredient.name),
                shelf: shelf.name,
              })}
            </button>
            <button type="button" className="button button-quiet" onClick={() => setTaken(null)}>
              {taken.from
                ? t("catalogue.leaveOn", { shelf: taken.from.name })
                : t("catalogue.leaveWhereItIs")}
            </button>
          </div>
          {move.isError && <p className="field-error">{errorMessage(move.error)}</p>}
        </div>
      )}
      <SaveError error={placeError ?? takeOff.error} />
    </div>
  );
}

function RenameShelf({ storeId, shelf, onDone }: { storeId: number; shelf: Shelf; onDone: () => void }) {
  const { form, mutation, onSubmit } = useApiForm({
    schema: ShelfNameForm,
    defaultValues: { name: shelf.name },
    toField: shelfField,
    save: (values: ShelfNameFormValues) => updateShelf(storeId, shelf.id, { name: values.name.trim() }),
    onSaved: onDone,
  });
  const { t } = useT();
  return (
    <form
      className="shelf-rename"
      noValidate
      onSubmit={onSubmit}
      aria-label={t("catalogue.renameName", { name: shelf.name })}
    >
      <Field label={t("catalogue.shelfName")} error={form.formState.errors.name?.message}>
        {(props) => (
          // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this shelf
          <input type="text" autoComplete="off" autoFocus {...props} {...form.register("name")} />
        )}
      </Field>
      <button type="submit" className="button" disabled={mutation.isPending}>
        {t("catalogue.saveName")}
      </button>
      <button type="button" className="button button-quiet" onClick={onDone}>
        {t("catalogue.cancel")}
      </button>
      {mutation.isError && !form.formState.errors.name && <SaveError error={mutation.error} />}
    </form>
  );
}

function AddShelf({ storeId, position }: { storeId: number; position: number }) {
  const queryClient = useQueryClient();
  const { form, mutation, onSubmit } = useApiForm({
    schema: ShelfNameForm,
    defaultValues: { name: "" },
    toField: shelfField,
    save: (values: ShelfNameFormValues) => createShelf(storeId, { name: values.name.trim(), position }),
    onSaved: () => {
      form.reset({ name: "" });
      shelvesChanged(queryClient, storeId);
    },
  });
  const { t } = useT();
  return (
    <form className="add-shelf" noValidate onSubmit={onSubmit} aria-label={t("catalogue.addShelfForm")}>
      <Field
        label={t("catalogue.newShelf")}
        hint={t("catalogue.newShelfHint")}
        error={form.formState.errors.name?.message}
      >
        {(props) => <input type="text" autoComplete="off" {...props} {...form.register("name")} />}
      </Field>
      <button type="submit" className="button" disabled={mutation.isPending}>
        {t(mutation.isPending ? "catalogue.adding" : "catalogue.addShelf")}
      </button>
      {mutation.isError && !form.formState.errors.name && <SaveError error={mutation.error} />}
    </form>
  );
}
