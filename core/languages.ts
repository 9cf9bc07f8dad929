/**
 * The cook's language and measures (CONTRACT.md: languages and units): the ten languages the app
 * speaks and writes amounts in, and the ways amounts may be written. One declaration for the
 * account's preferences, the recipe and list reads and the line parser.
 */
import * as z from "zod/mini";

/** `nb`: Norwegian Bokmål. */
export const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"] as const;
export type Language = (typeof LANGUAGES)[number];

/** `Must be one of 'a', 'b'.`: string values in single quotes, as every sentence of the API. */
const oneOf = (values: readonly string[]) => `Must be one of ${values.map((v) => `'${v}'`).join(", ")}.`;

export const Language = z.enum(LANGUAGES, { error: oneOf(LANGUAGES) });

/** As the recipe's author wrote them, or converted from the grams into metric or US measures. */
export const UNITS = ["as_written", "metric", "us"] as const;
export type Units = (typeof UNITS)[number];
export const Units = z.enum(UNITS, { error: oneOf(UNITS) });
