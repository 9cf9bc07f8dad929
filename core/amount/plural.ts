/**
 * English singular and plural of one word, by the common rules and one table of the words they miss:
 * the amounts (`2 eggs` ÷ 2 = `1 egg`, `1 egg` × 2 = `2 eggs`), the line parser and the food keys.
 * On its own so that what needs only this does not carry the food table of page-import/text.ts.
 * (The database's `name_key()` has its own singular, in SQL: migrations/2026-11-25T0100-one-name.ts.)
 */

/**
 * The words the rules miss, plural → singular; a word the same in both stands for itself. Only what
 * the rules get wrong (`cheeses`, `swiss`, `hummus`, `asparagus` they get right; words without a plural
 * such as `dozen` ./read.ts keeps as they are): the page-import bundle carries this literal.
 */
const IRREGULAR: Record<string, string> = {
  leaves: "leaf",
  halves: "half",
  loaves: "loaf",
  knives: "knife",
  potatoes: "potato",
  tomatoes: "tomato",
  mangoes: "mango",
  chives: "chives",
  oats: "oats",
  molasses: "molasses",
};

/** One English word in the singular, by the common rules (`berries` → `berry`, `eggs` → `egg`). */
export function singular(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is|ous)$/.test(word)) return word;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** One English word in the plural (`egg` → `eggs`, `berry` → `berries`, `pinch` → `pinches`). */
export function pluralOf(word: string): string {
  const lower = word.toLowerCase();
  const irregular = Object.keys(IRREGULAR).find((plural) => IRREGULAR[plural] === lower);
  if (irregular) return lower === word ? irregular : word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(ch|sh|ss|x|z)$/i.test(word)) return `${word}es`;
  if (/s$/i.test(word)) return word;
  return `${word}s`;
}
