import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useT } from "../../../i18n/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useUpdateList } from "../api/mutations.ts";
import { shoppingListQueries } from "../api/queries.ts";
import { chooseStore, forgetStoreChoice, type StoreChoice, walkedStore } from "../api/store-choice.ts";
import type { ShoppingList } from "../lib/list.ts";
import { useAllStores } from "./use-stores.ts";

/**
 * Reads the list again when this device's store for it changes (here, or in another tab): the choice
 * is not in the query's key (api/queries.ts).
 */
export function useReadAgainOnChoice(listId: number, choice: StoreChoice | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(choice);
  useEffect(() => {
    if (last.current === choice) return;
    last.current = choice;
    void queryClient.invalidateQueries({ queryKey: shoppingListQueries.detail(listId).queryKey });
  }, [queryClient, listId, choice]);
}

/**
 * "The store you are in": this device's choice (api/store-choice.ts), so one person picking the shop
 * they are in never re-sorts another's screen. The list's own store is the default; a device that
 * chose another can go back to it, or make its choice the list's store for everyone (PUT store_id).
 */
export function StorePicker({ list, choice }: { list: ShoppingList; choice: StoreChoice | undefined }) {
  const { t } = useT();
  const stores = useAllStores();
  const update = useUpdateList(list.id);
  const id = useId();
  const hintId = useId();
  const own = list.store_id;
  const walked = walkedStore(list, choice);
  const nameOf = (storeId: number) => stores.find((s) => s.id === storeId)?.name;
  // The list's store and the one walked stay choosable while the stores load (or offline, before
  // they ever did).
  const missing = [walked, own].filter(
    (storeId, i, all): storeId is number =>
      storeId !== null && all.indexOf(storeId) === i && nameOf(storeId) === undefined,
  );
  const options = [
    ...missing.map((storeId) => ({
      id: storeId,
      name: storeId === own ? t("shopping-lists.thisListsStore") : t("shopping-lists.storeYouPicked"),
    })),
    ...stores,
  ];
  const ownName = own === null ? undefined : nameOf(own);
  const differs = choice !== undefined && choice !== own;
  const choose = (storeId: StoreChoice) => {
    // The list's own store is no choice of the device's: it follows the list again.
    if (storeId === own) forgetStoreChoice(list.id);
    else chooseStore(list.id, storeId);
  };
  return (
    <div className="field sl-store">
      <label htmlFor={id}>{t("shopping-lists.storeYouAreIn")}</label>
      <select
        id={id}
        value={walked ?? ""}
        aria-describedby={hintId}
        onChange={(e) => choose(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      >
        <option value="">{t("shopping-lists.noStore")}</option>
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <p id={hintId} className="field-hint">
        {differs
          ? own === null
            ? t("shopping-lists.differsNoStore")
            : ownName
              ? t("shopping-lists.differsOwn", { store: ownName })
              : t("shopping-lists.differs")
          : own === null
            ? t("shopping-lists.pickNoStore")
            : t("shopping-lists.pickOwn")}
      </p>
      {differs && (
        <div className="sl-store-actions">
          <button type="button" className="button button-quiet" onClick={() => choose(own)}>
            {t("shopping-lists.backToListsStore")}
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={update.isPending}
            onClick={() =>
              update.mutate({ store_id: choice }, { onSuccess: () => forgetStoreChoice(list.id) })
            }
          >
            {choice === null ? t("shopping-lists.takeStoreOff") : t("shopping-lists.makeListsStore")}
          </button>
        </div>
      )}
      {update.isError && (
        <p className="field-error" role="alert">
          {errorMessage(update.error)}
        </p>
      )}
    </div>
  );
}
