import { useId, useState } from "react";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { usePlaceOnShelf } from "../api/mutations.ts";

/**
 * For an item on no shelf of the store being walked: "found it here" puts its ingredient on the shelf
 * the person is standing at, for everyone's next walk. Only offered to who may edit the store.
 */
export function FoundItHere({
  listId,
  ingredientId,
  name,
  shelves,
}: {
  listId: number;
  ingredientId: number;
  name: string;
  shelves: Schemas["ShelfRead"][];
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [shelfId, setShelfId] = useState<number | undefined>(shelves[0]?.id);
  const place = usePlaceOnShelf(listId);
  const id = useId();
  if (shelves.length === 0) return null;
  if (!open) {
    return (
      <button
        type="button"
        className="button button-quiet sl-found"
        aria-label={t("shopping-lists.foundItHereNamed", { name })}
        onClick={() => setOpen(true)}
      >
        {t("shopping-lists.foundItHere")}
      </button>
    );
  }
  const shelf = shelves.find((s) => s.id === shelfId);
  return (
    <form
      className="sl-found-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (shelf) place.mutate({ shelf, ingredientId });
      }}
    >
      <label htmlFor={id}>{t("shopping-lists.shelfWhere", { name })}</label>
      <select id={id} value={shelfId} onChange={(e) => setShelfId(Number(e.currentTarget.value))}>
        {shelves.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <div className="sl-found-actions">
        <button type="submit" className="button" disabled={place.isPending}>
          {t("shopping-lists.putItThere")}
        </button>
        <button type="button" className="button button-quiet" onClick={() => setOpen(false)}>
          {t("shopping-lists.cancel")}
        </button>
      </div>
      {place.isError && (
        <p className="field-error" role="alert">
          {errorMessage(place.error)}
        </p>
      )}
    </form>
  );
}
