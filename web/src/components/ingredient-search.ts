/**
 * Finding an ingredient by what a person types, blind to case and to English plurals: `eggs` finds
 * `Egg`, `berry` finds `Berries`. The API matches the start of a name or of one of its words
 * (GET /ingredients/?q=), so it is asked for the stem both forms start with; the answers are then
 * ranked here: the same name first, then names that start with what was typed, then the rest.
 */

/** One word in the singular, by the common English rules (as the API's own names do). */
function singularWord(word: string): string {
  if (word.length <= 3) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z)es$/.test(word) || /[^aeiou]oes$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** A name as compared: lower case, single spaces, every word in the singular (`Eggs` = `egg`). */
export const nameKey = (name: string): string =>
  name.trim().toLowerCase().split(/\s+/).filter(Boolean).map(singularWord).join(" ");

/**
 * What to ask the API for: the typed text without the ending that tells singular from plural
 * (`eggs` → `egg`, `berries`/`berry` → `berr`, `tomatoes` → `tomato`), so both forms match.
 */
export function searchStem(text: string): string {
  const term = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (term.length <= 3) return term;
  if (/[^aeiou]ies$/.test(term)) return term.slice(0, -3);
  if (/[^aeiou]y$/.test(term)) return term.slice(0, -1);
  if (/(ch|sh|x|z|[^aeiou]o)es$/.test(term)) return term.slice(0, -2);
  if (/[^su]s$/.test(term)) return term.slice(0, -1);
  return term;
}

/** How well a name answers the typed text: 0 the same name, 1 starts with it, 2 a word does, 3 else. */
function rank(name: string, text: string): number {
  const key = nameKey(name);
  const typed = nameKey(text);
  if (key === typed) return 0;
  const lower = name.toLowerCase();
  const stem = searchStem(text);
  if (lower.startsWith(stem)) return 1;
  if (lower.split(/[\s\-/(]+/).some((word) => word.startsWith(stem))) return 2;
  return 3;
}

/** The answers in the order to offer them (stable within a rank: the API's, by name). */
export function rankMatches<T extends { name: string }>(items: T[], text: string): T[] {
  return items
    .map((item, index) => ({ item, index, rank: rank(item.name, text) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** True when a name is the one typed, ignoring case and plural (then there is nothing to create). */
export const sameName = (name: string, text: string): boolean => nameKey(name) === nameKey(text);
