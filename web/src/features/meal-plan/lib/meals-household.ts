/**
 * Whose a new shopping list for some days of the meal plan is, before the person says otherwise. A
 * list of a household gets that household's meals (whoever of its members planned them) and is
 * shared with its members; a private one gets the meals its maker planned (the API's rule,
 * POST /shopping-lists/<id>/meal-plan). So a list shopped for a household's meals is the household's.
 */
type Planned = { date: string; household_id: number | null };

/**
 * The household the meals from `first` to `last` (YYYY-MM-DD, inclusive) belong to: the one the page
 * shows (`shown`, "Meals of" one household), else the one household among those days' meals; null
 * (private) when none of them is a household's, or when they are of several households (then no one
 * is a better guess than another: the person chooses).
 */
export function mealsHousehold(
  entries: readonly Planned[],
  first: string,
  last: string,
  shown?: number,
): number | null {
  if (shown !== undefined) return shown;
  const households = new Set<number>();
  for (const entry of entries)
    if (entry.household_id !== null && entry.date >= first && entry.date <= last)
      households.add(entry.household_id);
  const [only, ...others] = households;
  return only !== undefined && others.length === 0 ? only : null;
}
