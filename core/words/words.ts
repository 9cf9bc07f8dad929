/**
 * The small helpers every reader of the language tables shares (core/amount too, which must not
 * load the tables of other languages): the `|` lists, accent folding and the written forms of a unit.
 */
import type { UnitRow } from "./types.ts";

/** The words of a `|` list. */
export const wordsOf = (list: string): string[] =>
  list
    .split("|")
    .map((w) => w.trim())
    .filter(Boolean);

// Letters that Unicode does not decompose into a base letter and a mark.
const LIGATURES: Readonly<Record<string, string>> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", ł: "l", đ: "d" };

/** Lower case without accents: `Crème` → `creme`, `Süß` → `suss`, `Smør` → `smor`; `’` is `'`. */
export const fold = (text: string): string =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæøœłđ]/g, (c) => LIGATURES[c] ?? c)
    .replace(/’/g, "'");

/**
 * Lower case without accents, one character for one (`Cuillère` → `cuillere`, `Smør` → `smor`), so
 * that a place found in the folded text is the same place in the text as written.
 */
export const foldInPlace = (text: string): string => text.replace(/[A-Z]+|[\u0080-\u{10ffff}]/gu, foldChar);

/** Characters folded in place so far (a line is folded several times), up to a few thousand. */
const FOLDED = new Map<string, string>();

/** Capital ASCII letters lower-cased; another character folded if that keeps its length. */
function foldChar(c: string): string {
  if (c < "\x80") return c.toLowerCase();
  let folded = FOLDED.get(c);
  if (folded === undefined) {
    const base = (c.normalize("NFD")[0] ?? c).toLowerCase();
    const ligature = LIGATURES[base];
    folded = ligature && ligature.length === 1 ? ligature : base === "’" ? "'" : base;
    if (folded.length !== c.length) folded = c;
    if (FOLDED.size < 4096) FOLDED.set(c, folded);
  }
  return folded;
}

/** One written form of a unit: the form, its unit id and the size it fixes (ml, or g for a mass). */
export type UnitForm = { form: string; unit: string; size: number | undefined };

/** The forms of a unit row: `Prise/Prisen|Pr.` → `Prise`, `Prisen`, `Pr.`. */
export function unitForms([forms, unit, size]: UnitRow): UnitForm[] {
  return wordsOf(forms).flatMap((written) => written.split("/").map((form) => ({ form, unit, size })));
}

/**
 * How a unit of several words is written inside a line for parse-ingredient, which reads a unit of
 * one or two words only: `c. à soupe` → `c._à_soupe`, `colher (sopa)` → `colher_(sopa)`.
 */
export const joined = (form: string): string => form.replace(/\s+/g, "_");
