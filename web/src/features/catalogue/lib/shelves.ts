/**
 * A store's shelves in walking order: moving one, where a new one goes, and where an ingredient
 * already sits. The API orders shelves by position, then id; a new order is sent whole (every
 * shelf's id, first to last) and the API numbers them 0, 1, 2….
 */

type Positioned = { id: number; position: number };

/** The list with the item at `from` moved to `to` (the others keep their order). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** The position of a shelf added at the end of the walk. */
export const nextPosition = (shelves: readonly Positioned[]): number =>
  shelves.reduce((last, shelf) => Math.max(last, shelf.position + 1), 0);

/** The shelf of this store, other than `exceptId`, that holds the ingredient (an ingredient sits on one). */
export function shelfHolding<S extends { id: number; ingredient_ids: number[] }>(
  shelves: readonly S[],
  ingredientId: number,
  exceptId: number,
): S | undefined {
  return shelves.find((shelf) => shelf.id !== exceptId && shelf.ingredient_ids.includes(ingredientId));
}
