/**
 * A runtime list of every value of one of the API's enums (a select's options, a route's check of a
 * search parameter). It compiles only when the list names each value of `T` and nothing else, so a
 * value the API gains or drops breaks the build instead of the page:
 * `enumValues<Schemas["Meal"]>()(["breakfast", "lunch", "dinner", "snack"])`.
 */
export const enumValues =
  <T extends string>() =>
  <const L extends readonly T[]>(
    values: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L =>
    values;
