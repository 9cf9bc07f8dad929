/** `POST /recipes/import`: what a client sends and the draft it gets back (CONTRACT.md: import). */
import * as z from "zod/mini";
import { Language, Units } from "../languages.ts";

/** Pasted HTML may be this long (in UTF-8 bytes): as much as a fetched page (MAX_FETCH_BYTES). */
export const MAX_HTML_BYTES = 5 * 1024 * 1024;

const HttpUrl = z.pipe(
  z.string().check(z.maxLength(2000, "Must be at most 2000 characters.")),
  z.url({ protocol: /^https?$/, error: "Must be an http or https address." }),
);

export const RecipeImportRequest = z
  .strictObject({
    /** The page to fetch, or, with `html` or `json`, where they came from. */
    url: z.optional(HttpUrl),
    /** A page's HTML, for pages behind a login. */
    html: z.optional(
      z.string().check(
        z.minLength(1, "Must not be empty."),
        z.refine(
          (html) => Buffer.byteLength(html) <= MAX_HTML_BYTES,
          `Must be at most ${MAX_HTML_BYTES} bytes.`,
        ),
      ),
    ),
    /** schema.org Recipe JSON-LD: an object, an array, or a `@graph`. */
    json: z.optional(
      z
        .unknown()
        .check(
          z.refine((json) => typeof json === "object" && json !== null, "Must be a JSON object or array."),
        ),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      const given = [body.url, body.html, body.json].filter((v) => v !== undefined).length;
      if (given === 0 || (body.html !== undefined && body.json !== undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [],
          message: "Send exactly one of 'url', 'html' or 'json' ('url' may come with 'html' or 'json').",
        });
      }
    }),
  );
export type RecipeImportRequest = z.infer<typeof RecipeImportRequest>;

export const GRAMS_FROM = ["mass", "volume", "piece", "given", "unknown"] as const;

export const DraftIngredient = z.object({
  /** The line as written. */
  text: z.string(),
  amount_readable: z.string(),
  amount_grams: z.nullable(z.number()),
  grams_from: z.enum(GRAMS_FROM),
  /** An existing ingredient of that name; null: the client creates `ingredient_name` on save. */
  ingredient_id: z.nullable(z.number().check(z.int())),
  ingredient_name: z.string(),
  note: z.nullable(z.string()),
});
export type DraftIngredient = z.infer<typeof DraftIngredient>;

export const RecipeDraft = z.object({
  title: z.string(),
  description: z.nullable(z.string()),
  prep_time_sec: z.nullable(z.number().check(z.int())),
  cook_time_sec: z.nullable(z.number().check(z.int())),
  /** The page's total time (resting and rising included); null when it gives none or it is prep + cook. */
  total_time_sec: z.nullable(z.number().check(z.int())),
  servings: z.nullable(z.number().check(z.int())),
  source_url: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  category_names: z.array(z.string()),
  ingredients: z.array(DraftIngredient),
  steps: z.array(z.object({ description: z.string() })),
  /** Sentences for the person reviewing the draft: estimated or unknown grams, fields not found. */
  warnings: z.array(z.string()),
});
export type RecipeDraft = z.infer<typeof RecipeDraft>;

/** `POST /ingredient-lines/parse`: lines as a person types them in the editor. */
export const IngredientLinesParse = z.strictObject({
  lines: z.array(z.string().check(z.maxLength(500))).check(z.minLength(1), z.maxLength(100)),
  /** The language the lines are written in; without it, as a page without a language is read. */
  lang: z.optional(Language),
  /** `metric` or `us`: each line's `amount_readable` in those measures, in `lang`'s words (else English). */
  units: z.optional(Units),
});
export type IngredientLinesParse = z.infer<typeof IngredientLinesParse>;

/** Each line as an import draft reads it, in the order given. */
export const IngredientLinesRead = z.object({ items: z.array(DraftIngredient) });
