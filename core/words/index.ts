/**
 * Each language's kitchen words (units, number words, foods' names), below both the amounts
 * (core/amount) and the page import (core/page-import), which read with them. The languages
 * ingredient lines are read in: one table each (./<code>.ts, data only, with its sources), looked up
 * by the page's language. A line of a page without a language, or in one
 * without a table, is read in English plus the units of the other languages that mean the same
 * in all of them (`EL`, `dl`, `Stk.`; not `cc`, a teaspoon in French and a millilitre in Spanish).
 *
 * Only the modules that parse lines import this one (core/page-import/ingredient-line.ts through
 * core/page-import/lexicon.ts): the functions whose route line says `parses` (functions/routes.ts).
 * core/amount reads English units through ./en-units.ts, ./units.ts and ./words.ts, and each
 * language's spoons (core/amount/languages.ts) only where amounts are converted.
 */

import { unitsOfMeasure } from "parse-ingredient";
import { da } from "./da.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { nl } from "./nl.ts";
import { no } from "./no.ts";
import { pt } from "./pt.ts";
import { sv } from "./sv.ts";
import type { Language } from "./types.ts";
import { fold, type UnitForm, unitForms } from "./words.ts";

export type { Language } from "./types.ts";
export { en };

export const LANGUAGES: Readonly<Record<string, Language>> = { en, de, fr, es, it, nl, pt, sv, da, no };

/** Codes that name a language of the tables otherwise: Norwegian Bokmål and Nynorsk. */
const SAME_AS: Readonly<Record<string, string>> = { nb: "no", nn: "no" };

/** The table for a language code (`de`, `de-AT`, `nb`, `pt_BR`), or undefined. */
export function languageOf(code: string | undefined): Language | undefined {
  const base = (code ?? "").toLowerCase().split(/[-_]/)[0] ?? "";
  return LANGUAGES[SAME_AS[base] ?? base];
}

/** The foreign tables, for lines whose language is not known. */
export const FOREIGN: readonly Language[] = Object.values(LANGUAGES).filter((l) => l !== en);

/**
 * The foreign units whose every form means one unit of one size in every table that has it, and
 * that English does not spell otherwise: what a line of a page without a language is read with.
 */
export function sharedUnits(): UnitForm[] {
  const english = new Set(
    [
      ...en.units.flatMap(unitForms).map((f) => f.form),
      ...Object.entries(unitsOfMeasure).flatMap(([id, u]) => [
        id,
        u.short,
        u.plural,
        ...(u.alternates ?? []),
      ]),
    ].map(fold),
  );
  const byForm = new Map<string, UnitForm[]>();
  for (const language of FOREIGN) {
    for (const form of language.units.flatMap(unitForms)) {
      const key = fold(form.form);
      byForm.set(key, [...(byForm.get(key) ?? []), form]);
    }
  }
  return [...byForm]
    .filter(
      ([key, forms]) =>
        !english.has(key) && forms.every((f) => f.unit === forms[0]?.unit && f.size === forms[0]?.size),
    )
    .map(([, forms]) => forms[0] as UnitForm);
}
