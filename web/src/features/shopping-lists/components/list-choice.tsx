import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { allItems } from "../../../lib/keyset.ts";
import { useCreateList } from "../api/mutations.ts";
import { shoppingListQueries } from "../api/queries.ts";

const NEW_LIST = "new";

/**
 * "Which shopping list?": one of the person's lists or a new one, made with `newName` when the choice
 * is used. The newest list is chosen first (a recipe's page adds to the list in use), or with
 * `newFirst` the new one (shopping for days to come rarely belongs on last week's list).
 */
export function useListChoice(newName: string, { newFirst = false } = {}) {
  const { t } = useT();
  const lists = useInfiniteQuery(shoppingListQueries.list());
  const mine = allItems(lists.data);
  const [choice, setChoice] = useState("");
  const create = useCreateList();
  const id = useId();
  const target = choice || (mine[0] && !newFirst ? String(mine[0].id) : NEW_LIST);
  const newOption = <option value={NEW_LIST}>{t("shopping-lists.newListNamed", { name: newName })}</option>;

  const field = (label: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={target} onChange={(e) => setChoice(e.currentTarget.value)}>
        {newFirst && newOption}
        {mine.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
        {!newFirst && newOption}
      </select>
    </div>
  );

  /** The chosen list, made first (with `newList`'s fields, e.g. its household) if it is a new one. */
  const resolve = async (newList: Omit<Schemas["ShoppingListCreate"], "name"> = {}) =>
    target === NEW_LIST
      ? await create.mutateAsync({ ...newList, name: newName })
      : mine.find((l) => String(l.id) === target);

  return { field, resolve, create, isNew: target === NEW_LIST };
}
