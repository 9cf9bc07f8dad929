/** Turning request text into checked values, with the contract's messages. */
import type * as z from "zod/mini";
import { type FieldError, notFound, type Thing } from "../../core/errors.ts";
import { MAX_INT } from "../../core/ids.ts";
import "../../core/issue-messages.ts"; // the messages of every issue
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
  invitation_id: "Invitation",
  session_id: "Session",
  token_id: "API token",
  link_id: "Calendar link",
  cooked_id: "Cooked entry",
  revision: "Revision",
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
