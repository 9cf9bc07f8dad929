/**
 * The measures a reader asks amounts in (`?units=metric|us|as_written&lang=xx`, CONTRACT.md:
 * "languages and units"): the two query parameters, checked, and what they mean together. Apart from
 * ./convert.ts so that the schemas of every route that reads them carry no language table.
 */
import * as z from "zod/mini";
import { Language, Units } from "../languages.ts";

/** What amounts are written in: metric or US measures, in a language's words. */
export type Measures = { units: "metric" | "us"; lang: Language };

/** The query parameters (or body fields), for a route's schema. */
export const MeasuresQuery = {
  /** `metric` or `us`: amounts and oven temperatures in those measures; `as_written` (or none): as written. */
  units: z.optional(Units),
  /** The language of the measures' words (`1 EL`, `1,5 kg`); alone it converts nothing. */
  lang: z.optional(Language),
};

/**
 * The measures a query asks for, or undefined for amounts as written: no `units`, or `as_written`.
 * `lang` alone asks for nothing (there is no measure to write in its words); `units` alone writes
 * English words.
 */
export function measuresOf(query: { units?: Units; lang?: Language }): Measures | undefined {
  if (query.units === undefined || query.units === "as_written") return undefined;
  return { units: query.units, lang: query.lang ?? "en" };
}
