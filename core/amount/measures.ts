/**
 * The measures a reader asks amounts in (`?units=metric|us|as_written&lang=xx`, CONTRACT.md:
 * "languages and units"): the two query parameters, checked, and what they mean together. Apart from
 * ./convert.ts so that the schemas of every route that reads them carry no language table.
 */
import * as z from "zod/mini";

/** The languages of the app, as the API's `lang` names them (`nb`: Norwegian Bokmål). */
export const LANGS = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"] as const;
export type Lang = (typeof LANGS)[number];

export const UNITS = ["metric", "us", "as_written"] as const;

/** What amounts are written in: metric or US measures, in a language's words. */
export type Measures = { units: "metric" | "us"; lang: Lang };

const oneOf = (values: readonly string[]) => `Must be one of ${values.map((v) => `'${v}'`).join(", ")}.`;

/** The query parameters, for a route's query schema. */
export const MeasuresQuery = {
  /** `metric` or `us`: amounts and oven temperatures in those measures; `as_written` (or none): as written. */
  units: z.optional(z.enum(UNITS, { error: oneOf(UNITS) })),
  /** The language of the measures' words (`1 EL`, `1,5 kg`); alone it converts nothing. */
  lang: z.optional(z.enum(LANGS, { error: oneOf(LANGS) })),
};

/**
 * The measures a query asks for, or undefined for amounts as written: no `units`, or `as_written`.
 * `lang` alone asks for nothing (there is no measure to write in its words); `units` alone writes
 * English words.
 */
export function measuresOf(query: { units?: (typeof UNITS)[number]; lang?: Lang }): Measures | undefined {
  if (query.units === undefined || query.units === "as_written") return undefined;
  return { units: query.units, lang: query.lang ?? "en" };
}
