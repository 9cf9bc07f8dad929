/**
 * The built-in foods' names in one of the app's languages, made by ../../food-names.ts: what an
 * ingredient's name shows as (./food-name-table.ts: namer, over the language's table).
 */
declare module "virtual:food-names/*" {
  const shown: (name: string) => string;
  export default shown;
}
