/** `POST /recipes/import`: what a client sends and the draft it gets back (CONTRACT.md: import). */
import * as z from "zod";

/** Pasted HTML may be this long (in UTF-8 bytes). */
export const MAX_HTML_BYTES = 2 * 1024 * 1024;

const HttpUrl = z
  .string()
  .max(2000, "Must be at most 2000 characters.")
  .pipe(z.url({ protocol: /^https?$/, error: "Must be an http or https address." }));

export const RecipeImportRequest = z
  .strictObject({
    /** The page to fetch, or, with `html` or `json`, where they came from. */
    url: HttpUrl.optional(),
    /** A page's HTML, for pages behind a login. */
    html: z
      .string()
      .min(1, "Must not be empty.")
      .refine((html) => Buffer.byteLength(html) <= MAX_HTML_BYTES, `Must be at most ${MAX_HTML_BYTES} bytes.`)
      .optional(),
    /** schema.org Recipe JSON-LD: an object, an array, or a `@graph`. */
    json: z
      .unknown()
      .refine((json) => typeof json === "object" && json !== null, "Must be a JSON object or array.")
      .optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.url, body.html, body.json].filter((v) => v !== undefined).length;
    if (given === 0 || (body.html !== undefined && body.json !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "Send exactly one of 'url', 'html' or 'json' ('url' may come with 'html' or 'json').",
      });
    }
  });
export type RecipeImportRequest = z.infer<typeof RecipeImportRequest>;

export const GRAMS_FROM = ["mass", "volume", "piece", "given", "unknown"] as const;

export const DraftIngredient = z.object({
  /** The line as written. */
  text: z.string(),
  amount_readable: z.string(),
  amount_grams: z.number().nullable(),
  grams_from: z.enum(GRAMS_FROM),
  /** An existing ingredient of that name; null: the client creates `ingredient_name` on save. */
  ingredient_id: z.number().int().nullable(),
  ingredient_name: z.string(),
  note: z.string().nullable(),
});
export type DraftIngredient = z.infer<typeof DraftIngredient>;

export const RecipeDraft = z.object({
  title: z.string(),
  description: z.string().nullable(),
  prep_time_sec: z.number().int().nullable(),
  cook_time_sec: z.number().int().nullable(),
  servings: z.number().int().nullable(),
  source_url: z.string().nullable(),
  image_url: z.string().nullable(),
  category_names: z.array(z.string()),
  ingredients: z.array(DraftIngredient),
  steps: z.array(z.object({ description: z.string() })),
  /** Sentences for the person reviewing the draft: estimated or unknown grams, fields not found. */
  warnings: z.array(z.string()),
});
export type RecipeDraft = z.infer<typeof RecipeDraft>;
