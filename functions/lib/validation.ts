/** Turning request text into checked values, with the contract's messages. */
import * as z from "zod/mini";
import { type FieldError, notFound, type Thing } from "../../core/errors.ts";
import { MAX_INT } from "../../core/ids.ts";
import type { ROUTES } from "../routes.ts";
import type { PathParams } from "./route-types.ts";

/** What each path parameter names, in the words of the API's sentences (`Shopping list ID 5 ...`). */
const THING_OF_PARAM: Record<PathParams<(typeof ROUTES)[keyof typeof ROUTES]["path"]>, Thing> = {
  recipe_id: "Recipe",
  category_id: "Category",
  ingredient_id: "Ingredient",
  user_id: "User",
  store_id: "Store",
  shelf_id: "Shelf",
  list_id: "Shopping list",
  item_id: "Shopping list item",
  entry_id: "Meal plan entry",
  household_id: "Household",
};

export const thingOfParam = (param: string): Thing => THING_OF_PARAM[param as keyof typeof THING_OF_PARAM];

/**
 * Every path parameter of this API is an integer id. Anything that cannot be one (`abc`, `-1`,
 * `1.5`, a number beyond the column's range) names no row, so it is a 404 in the spec's wording.
 */
export function parseIdParam(name: string, value: string | undefined): number {
  const text = value ?? "";
  if (/^[1-9][0-9]{0,15}$/.test(text) && Number(text) <= MAX_INT) return Number(text);
  // The spec's wording: a number bare, anything else in single quotes.
  const shown = /^-?[0-9]{1,30}(\.[0-9]{1,30})?$/.test(text) ? text : `'${text}'`;
  throw notFound(thingOfParam(name), shown);
}

const NUL_MESSAGE = "Text must not contain the NUL character.";

/** The path of the first string holding a NUL character (PostgreSQL text cannot store one), if any. */
export function findNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "(body)" : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** NUL characters answer like any other invalid field instead of failing in the database. */
export const nulError = (path: string): FieldError => ({ path, message: NUL_MESSAGE });

/**
 * Query string → object; a repeated key becomes an array (`?ingredient_id=1&ingredient_id=2`).
 * An empty or whitespace-only value counts as not given, as in an HTML form left blank (`?q=&limit=`,
 * `?q=%20`).
 */
export function parseQueryString(raw: string | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(raw ?? "")) {
    if (value.trim() === "") continue;
    const existing = out[key];
    out[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** zod issues → the contract's `errors` list; an unknown key is reported at its own path. */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: [...base, key].join("."), message: "Unknown field." }));
    }
    // The spec quotes values with single quotes; a schema's own message may use double ones.
    return [{ path: base.join(".") || "(body)", message: issue.message.replaceAll('"', "'") }];
  });
}

/** A value as the spec's sentences show it: a string in single quotes, anything else bare. */
const shown = (value: unknown) => (typeof value === "string" ? `'${value}'` : String(value));

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "a list",
  tuple: "a list",
  object: "an object",
  record: "an object",
  date: "a date",
  null: "null",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "an email address",
  url: "an http or https URL",
  datetime: "an ISO 8601 date and time",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM:SS)",
  duration: "an ISO 8601 duration",
  uuid: "a UUID",
};

const units = (origin: string, count: number | bigint) =>
  origin === "string"
    ? ` character${count === 1 ? "" : "s"} long`
    : origin === "array" || origin === "set"
      ? ` item${count === 1 ? "" : "s"}`
      : "";

/**
 * The sentence for a zod issue, in the contract's style, replacing zod's own English everywhere
 * (installed globally below): no default message of the library can reach a client. A schema's own
 * message (`z.string().check(z.minLength(1, "…"))`) still wins over this.
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Required.";
      return `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case "too_small": {
      const { origin, minimum } = issue;
      if (origin === "string" && minimum === 1) return "Must not be empty.";
      if (issue.exact) return `Must be exactly ${minimum}${units(origin, minimum)}.`;
      if (origin === "array" || origin === "set")
        return `Must have at least ${minimum}${units(origin, minimum)}.`;
      return issue.inclusive === false
        ? `Must be greater than ${minimum}.`
        : `Must be at least ${minimum}${units(origin, minimum)}.`;
    }
    case "too_big": {
      const { origin, maximum } = issue;
      if (issue.exact) return `Must be exactly ${maximum}${units(origin, maximum)}.`;
      if (origin === "array" || origin === "set")
        return `Must have at most ${maximum}${units(origin, maximum)}.`;
      return issue.inclusive === false
        ? `Must be less than ${maximum}.`
        : `Must be at most ${maximum}${units(origin, maximum)}.`;
    }
    case "invalid_format":
      if (issue.format === "starts_with") return `Must start with '${String(issue.prefix)}'.`;
      if (issue.format === "ends_with") return `Must end with '${String(issue.suffix)}'.`;
      if (issue.format === "includes") return `Must contain '${String(issue.includes)}'.`;
      return FORMAT_NAMES[issue.format] ? `Must be ${FORMAT_NAMES[issue.format]}.` : "Has the wrong format.";
    case "not_multiple_of":
      return `Must be a multiple of ${issue.divisor}.`;
    case "invalid_value":
      return issue.values.length === 1
        ? `Must be ${shown(issue.values[0])}.`
        : `Must be one of ${issue.values.map(shown).join(", ")}.`;
    case "unrecognized_keys":
      return "Unknown field.";
    case "invalid_union":
      return "Does not match any of the accepted forms.";
    case "invalid_key":
      return "Has a key that is not allowed.";
    case "invalid_element":
      return "Has an item that is not allowed.";
    default:
      return "Is invalid.";
  }
}

z.config({ customError: issueMessage });
