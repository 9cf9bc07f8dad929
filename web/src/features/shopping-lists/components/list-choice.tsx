import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { allItems } from "../../../lib/keyset.ts";
import { useCreateList } from "../api/mutations.ts";
import { shoppingListQueries } from "../api/queries.ts";

const NEW_LIST = "new";

/**
 * "Which shopping list?": one of the person's lists (the newest first chosen) or a new one, made
 * with `newName` when the choice is used.
 */
export function useListChoice(newName: string) {
  const lists = useInfiniteQuery(shoppingListQueries.list());
  const mine = allItems(lists.data);
  const [choice, setChoice] = useState("");
  const create = useCreateList();
  const id = useId();
  const target = choice || (mine[0] ? String(mine[0].id) : NEW_LIST);

  const field = (label: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={target} onChange={(e) => setChoice(e.currentTarget.value)}>
        {mine.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
        <option value={NEW_LIST}>A new list “{newName}”</option>
      </select>
    </div>
  );

  /** The chosen list, made first if it is a new one. */
  const resolve = async () =>
    target === NEW_LIST
      ? await create.mutateAsync({ name: newName })
      : mine.find((l) => String(l.id) === target);

  return { field, resolve, create };
}
