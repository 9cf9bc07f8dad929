/**
 * How a language's table of the built-in foods' names (made by the build: ../../food-names.ts,
 * `virtual:food-names/<language>`) is read: what an ingredient's name shows as. Apart from
 * ./food-names.ts, which fetches the tables, so that the build reads the same rule (no React here).
 */

/**
 * One language's table. `foods`: one `display|key|key…` a food the language names: `display` its
 * usual name there, the keys (lower case) the names it is known by elsewhere: its English name and
 * aliases, its usual name in each other language. `keep`: the few names of the language's own
 * (lower case) that the plural rule would otherwise read as another name (French `tagliatelles`).
 */
export type FoodNameTable = { foods: readonly string[]; keep: readonly string[] };

/**
 * The forms a name is looked up by, in order: as written (lower case, trimmed), then, ending in `s`,
 * the English singulars the common rules give: without the `s` (`eggs`), without `es` (`tomatoes`),
 * `ies` as `y` (`berries`). Only the last word changes (`brown eggs` → `brown egg`). The first form
 * the table has wins, so a rule that makes a word that is no name costs nothing.
 */
export function lookupForms(name: string): string[] {
  const lower = name.trim().toLowerCase();
  if (!lower.endsWith("s")) return [lower];
  const forms = [lower, lower.slice(0, -1)];
  if (lower.endsWith("es")) forms.push(lower.slice(0, -2));
  if (lower.endsWith("ies")) forms.push(`${lower.slice(0, -3)}y`);
  return forms;
}

/** A name as stored (`Zucker`, `Eggs`) → as the table's language shows it; unknown names as stored. */
export function namer(table: FoodNameTable): (name: string) => string {
  const shown = new Map<string, string | null>(table.keep.map((key) => [key, null]));
  for (const line of table.foods) {
    const [display = "", ...keys] = line.split("|");
    for (const key of keys) if (!shown.has(key)) shown.set(key, display);
  }
  return (name) => {
    for (const form of lookupForms(name)) {
      const display = shown.get(form);
      if (display !== undefined) return display ?? name;
    }
    return name;
  };
}
