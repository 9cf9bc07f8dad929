/**
 * English singulars, on their own so that what needs only them (core/amount: `2 eggs` → `1 egg`)
 * does not carry the food table of text.ts.
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
  molasses: "molasses",
  hummus: "hummus",
  couscous: "couscous",
  asparagus: "asparagus",
  swiss: "swiss",
  oats: "oats",
  cheeses: "cheese",
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
