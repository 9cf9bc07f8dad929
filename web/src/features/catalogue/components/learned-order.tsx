/**
 * What a store learned from the ticks of its shoppers (issue 43), on its page: how many trips taught
 * it, where the ingredients on no shelf are found ("Coffee and Tea are found between Dairy and
 * Bakery"), and for who may edit the store one button per place that puts them on the shelf the API
 * suggests, through the shelves route as the shelves editor does (the shelf's whole list of
 * ingredients). Then the store's shelves, its learned order and every shopping list are read again:
 * the lists walk them on their shelf from then on. Nothing at all while nothing is learned.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { currentLanguage, useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { shelvesChanged, updateShelf } from "../api/mutations.ts";
import { type LearnedItem, type LearnedPlace, learnedOrderQuery, learnedPlaces } from "./learned-places.ts";
import "./learned-order.css";

type Shelf = Schemas["ShelfRead"];

export function LearnedOrder({
  storeId,
  shelves,
  editable,
}: {
  storeId: number;
  /** The store's shelves as read for its page (a place whose shelves are not among them is left out). */
  shelves: Shelf[];
  editable: boolean;
}) {
  const { t } = useT();
  const ingredientName = useIngredientName();
  const query = useQuery(learnedOrderQuery(storeId));
  const headingId = useId();
  const learned = query.data;
  if (!learned || learned.trips === 0 || learned.items.length === 0) return null;
  const byId = new Map(shelves.map((shelf) => [shelf.id, shelf]));
  const places = learnedPlaces(learned.items).filter(
    (place) =>
      byId.has(place.shelf) &&
      (place.before === null || byId.has(place.before)) &&
      (place.after === null || byId.has(place.after)),
  );
  return (
    <section className="learned-order" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("learned-aisles.learnedFrom", { count: learned.trips })}</h2>
      <p className="hint">{t("learned-aisles.learnedIntro")}</p>
      {places.length > 0 && (
        <ul className="learned-places">
          {places.map((place) => (
            <PlaceOffer
              key={`${place.before}-${place.after}-${place.shelf}`}
              storeId={storeId}
              place={place}
              shelves={byId}
              editable={editable}
            />
          ))}
        </ul>
      )}
      <details className="learned-walk">
        <summary>{t("learned-aisles.walkLearned")}</summary>
        <ol>
          {learned.items.map((item) => {
            const shelf = item.shelf_id === null ? undefined : byId.get(item.shelf_id);
            return (
              <li key={item.ingredient_id}>
                {ingredientName(item.name)}{" "}
                <span className="learned-walk-shelf">
                  {shelf ? t("learned-aisles.onShelf", { shelf: shelf.name }) : t("learned-aisles.onNoShelf")}
                </span>
              </li>
            );
          })}
        </ol>
      </details>
    </section>
  );
}

/** The names of a place's ingredients as one phrase of the language: "Coffee and Tea". */
const namesOf = (items: LearnedItem[], name: (stored: string) => string) =>
  new Intl.ListFormat(currentLanguage(), { style: "long", type: "conjunction" }).format(
    items.map((item) => name(item.name)),
  );

/** Where a place is, in a sentence: between two shelves, before or after one, or at one. */
function whereFound(
  t: ReturnType<typeof useT>["t"],
  place: LearnedPlace,
  names: string,
  shelves: Map<number, Shelf>,
): string {
  const count = place.items.length;
  const before = place.before === null ? undefined : shelves.get(place.before)?.name;
  const after = place.after === null ? undefined : shelves.get(place.after)?.name;
  if (before !== undefined && after !== undefined && place.before !== place.after) {
    return t("learned-aisles.foundBetween", { count, names, before, after });
  }
  if (before !== undefined && after !== undefined)
    return t("learned-aisles.foundAt", { count, names, shelf: before });
  if (before !== undefined) return t("learned-aisles.foundAfter", { count, names, shelf: before });
  return t("learned-aisles.foundBefore", { count, names, shelf: after ?? "" });
}

function PlaceOffer({
  storeId,
  place,
  shelves,
  editable,
}: {
  storeId: number;
  place: LearnedPlace;
  shelves: Map<number, Shelf>;
  editable: boolean;
}) {
  const { t } = useT();
  const ingredientName = useIngredientName();
  const queryClient = useQueryClient();
  const shelf = shelves.get(place.shelf);
  const accept = useMutation({
    mutationFn: (onto: Shelf) =>
      updateShelf(storeId, onto.id, {
        ingredient_ids: [...new Set([...onto.ingredient_ids, ...place.items.map((i) => i.ingredient_id)])],
      }),
    onSuccess: () => {
      shelvesChanged(queryClient, storeId);
      void queryClient.invalidateQueries({ queryKey: learnedOrderQuery(storeId).queryKey });
      // Every list walking this store now meets them on the shelf (the shopping lists' own keys).
      void queryClient.invalidateQueries({ queryKey: ["shopping-lists"] });
    },
  });
  if (!shelf) return null;
  const names = namesOf(place.items, ingredientName);
  return (
    <li className="learned-place">
      <p>{whereFound(t, place, names, shelves)}</p>
      {editable && (
        <button
          type="button"
          className="button button-quiet"
          disabled={accept.isPending}
          onClick={() => accept.mutate(shelf)}
        >
          {t("learned-aisles.putOnNamed", { names, shelf: shelf.name })}
        </button>
      )}
      {accept.isError && (
        <p className="field-error" role="alert">
          {errorMessage(accept.error)}
        </p>
      )}
    </li>
  );
}
