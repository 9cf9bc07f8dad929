/** Turning request text into checked values, with the contract's messages. */
import type { z } from "zod";
import { type FieldError, NotFound } from "../../core/errors.ts";

const MAX_INT = 2_147_483_647;

/** `recipe_id` → `Recipe`, `user_id` → `User`: the label the spec's messages use. */
export const resourceLabel = (param: string): string => {
  const words = param.replace(/_id$/, "").split("_");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * Every path parameter of this API is an integer id. Anything that cannot be one (`abc`, `-1`,
 * `1.5`, a number beyond the column's range) names no row, so it is a 404 in the spec's wording.
 */
export function parseIdParam(name: string, value: string | undefined): number {
  const text = value ?? "";
  if (/^[1-9][0-9]{0,15}$/.test(text)) {
    const id = Number(text);
    if (id <= MAX_INT) return id;
    throw NotFound(`${resourceLabel(name)} ID ${id} was not found.`);
  }
  throw NotFound(`${resourceLabel(name)} ID '${text}' was not found.`);
}

/** Query string → object; a repeated key becomes an array (`?ingredient_id=1&ingredient_id=2`). */
export function parseQueryString(raw: string | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(raw ?? "")) {
    const existing = out[key];
    out[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/** zod issues → the contract's `errors` list; an unknown key is reported at its own path. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: [...base, key].join("."), message: "Unknown field." }));
    }
    return [{ path: base.join(".") || "(body)", message: issue.message }];
  });
}
