/**
 * The amount as written and its note in the one field the editor holds them in (`1 1/2 cups, sifted`):
 * the import's draft and the line parse give them apart (`amount_readable`, `note`), and a line's text
 * puts the food between them (`1 1/2 cups Flour, sifted`). Joined and split here only. (The API reads
 * a note after the amount's first comma too: core/amount/read.ts.)
 */

/** The API's limit on the amount as written. */
export const READABLE_MAX = 100;

/** `1 1/2 cups` and `sifted` as the field holds them: `1 1/2 cups, sifted`, at most READABLE_MAX characters. */
export function joinAmountNote(amount: string, note: string | null | undefined): string {
  return [amount, note].filter(Boolean).join(", ").slice(0, READABLE_MAX);
}

/** The field's text apart at its first `, `: `1 1/2 cups, sifted` → `1 1/2 cups` and `sifted` (else ""). */
export function splitAmountNote(readable: string): { amount: string; note: string } {
  const comma = readable.indexOf(", ");
  return comma < 0
    ? { amount: readable, note: "" }
    : { amount: readable.slice(0, comma), note: readable.slice(comma + 2) };
}
