/**
 * The catalogue's forms (ingredient, category, store): the values their inputs hold (text, as typed),
 * the checks made before sending (only what the API cannot say better: a name, numbers that are
 * numbers), the API's body, and which field an API error path lands on.
 */
import { z } from "zod";
import { type MessageId, t } from "../../../i18n/index.ts";
import { LANGUAGES } from "../../../i18n/languages.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { flatField, numberText, optionalNumber, orNull } from "../../../lib/form.ts";

/** Messages are read when a check fails, so they are in the language active then. */
const named = (message: MessageId) =>
  z.string().refine((text) => text.trim() !== "", { error: () => t(message) });

/** Empty, or a number above 0 ("0,53" reads as 0.53). */
const positiveOrEmpty = (message: MessageId) =>
  z.string().refine(
    (text) => {
      const value = optionalNumber(text);
      return value === null || (Number.isFinite(value) && value > 0);
    },
    { error: () => t(message) },
  );

/** Empty, or a number from `min` to `max`. */
const withinOrEmpty = (min: number, max: number, message: MessageId) =>
  z.string().refine(
    (text) => {
      const value = optionalNumber(text);
      return value === null || (Number.isFinite(value) && value >= min && value <= max);
    },
    { error: () => t(message) },
  );

// ---- Ingredient ----

/** How many other names an ingredient may have (the API's limit). */
export const MAX_OTHER_NAMES = 30;

/**
 * One row of the ingredient's other names: the name as typed and its language ("" for any). A row
 * left empty is not sent; the API says what else is wrong with one (taken, given twice, too long).
 */
const OtherNameRow = z.object({ name: z.string(), language: z.enum(["", ...LANGUAGES]) });
export type OtherNameRow = z.infer<typeof OtherNameRow>;

export const emptyOtherName = (): OtherNameRow => ({ name: "", language: "" });

export const IngredientForm = z.object({
  name: named("catalogue.nameIngredient"),
  other_names: z.array(OtherNameRow),
  description: z.string(),
  /** The recipe that makes it (a dough, a stock), shown by its title. */
  recipe: z.object({ id: z.number(), title: z.string() }).nullable(),
  grams_per_ml: positiveOrEmpty("catalogue.gramsPerMlInvalid"),
  grams_per_piece: positiveOrEmpty("catalogue.gramsPerPieceInvalid"),
});
export type IngredientFormValues = z.infer<typeof IngredientForm>;

export const emptyIngredient = (): IngredientFormValues => ({
  name: "",
  other_names: [],
  description: "",
  recipe: null,
  grams_per_ml: "",
  grams_per_piece: "",
});

export function fromIngredient(
  ingredient: Schemas["IngredientRead"],
  recipeTitle?: string,
): IngredientFormValues {
  return {
    name: ingredient.name,
    other_names: ingredient.other_names.map((other) => ({
      name: other.name,
      language: other.language ?? "",
    })),
    description: ingredient.description ?? "",
    recipe:
      ingredient.recipe_id === null
        ? null
        : {
            id: ingredient.recipe_id,
            title: recipeTitle ?? t("catalogue.recipeNumber", { id: ingredient.recipe_id }),
          },
    grams_per_ml: numberText(ingredient.grams_per_ml),
    grams_per_piece: numberText(ingredient.grams_per_piece),
  };
}

/** A row of the other names is sent unless its name is empty. */
const isSent = (row: OtherNameRow) => row.name.trim() !== "";

/** The rows of the other names that are sent, in order: all but the empty ones. */
export const sentOtherNameRows = (values: Pick<IngredientFormValues, "other_names">): number[] =>
  values.other_names.flatMap((row, index) => (isSent(row) ? [index] : []));

/**
 * The body of POST and PUT (every field: an emptied one is sent as null, so it is cleared; the other
 * names as the whole set, trimmed, without empty rows, so a PUT replaces them).
 */
export function toIngredientBody(values: IngredientFormValues): Schemas["IngredientCreate"] {
  return {
    name: values.name.trim(),
    other_names: values.other_names
      .filter(isSent)
      .map((row) => ({ name: row.name.trim(), language: row.language === "" ? null : row.language })),
    description: orNull(values.description),
    recipe_id: values.recipe?.id ?? null,
    grams_per_ml: optionalNumber(values.grams_per_ml),
    grams_per_piece: optionalNumber(values.grams_per_piece),
  };
}

/** A field of the ingredient form an API error can land on. */
export type IngredientField =
  | "name"
  | "description"
  | "recipe"
  | "grams_per_ml"
  | "grams_per_piece"
  | "other_names"
  | `other_names.${number}.name`
  | `other_names.${number}.language`;

const ingredientFlatField = flatField(
  ["name", "description", "recipe", "grams_per_ml", "grams_per_piece"] as const,
  { recipe_id: "recipe" },
);

/**
 * The field an API error path names. `other_names.2.name` is the third name *sent*: `sentRows`
 * (sentOtherNameRows of the values saved) says which row of the form that is, since empty rows are
 * not sent; a path about the list as a whole, or a row not known, lands on the list.
 */
export function ingredientField(path: string, sentRows: readonly number[] = []): IngredientField | null {
  const [head, index, leaf] = path.split(".");
  if (head !== "other_names") return ingredientFlatField(path);
  const row = index !== undefined && /^\d+$/.test(index) ? sentRows[Number(index)] : undefined;
  if (row === undefined) return "other_names";
  return leaf === "language" ? `other_names.${row}.language` : `other_names.${row}.name`;
}

// ---- Category ----

export const CategoryForm = z.object({ name: named("catalogue.nameCategory"), description: z.string() });
export type CategoryFormValues = z.infer<typeof CategoryForm>;

export const fromCategory = (category?: Schemas["CategoryRead"]): CategoryFormValues => ({
  name: category?.name ?? "",
  description: category?.description ?? "",
});

export const toCategoryBody = (values: CategoryFormValues): Schemas["CategoryCreate"] => ({
  name: values.name.trim(),
  description: orNull(values.description),
});

export const categoryField = flatField(["name", "description"] as const);

// ---- Store ----

export const StoreForm = z.object({
  name: named("catalogue.nameStore"),
  address: z.string(),
  phone: z.string(),
  website: z.string(),
  description: z.string(),
  latitude: withinOrEmpty(-90, 90, "catalogue.latitudeInvalid"),
  longitude: withinOrEmpty(-180, 180, "catalogue.longitudeInvalid"),
});
export type StoreFormValues = z.infer<typeof StoreForm>;

export const fromStore = (store?: Schemas["StoreRead"]): StoreFormValues => ({
  name: store?.name ?? "",
  address: store?.address ?? "",
  phone: store?.phone ?? "",
  website: store?.website ?? "",
  description: store?.description ?? "",
  latitude: numberText(store?.latitude),
  longitude: numberText(store?.longitude),
});

export const toStoreBody = (values: StoreFormValues): Schemas["StoreCreate"] => ({
  name: values.name.trim(),
  address: orNull(values.address),
  phone: orNull(values.phone),
  website: orNull(values.website),
  description: orNull(values.description),
  latitude: optionalNumber(values.latitude),
  longitude: optionalNumber(values.longitude),
});

export const storeField = flatField([
  "name",
  "address",
  "phone",
  "website",
  "description",
  "latitude",
  "longitude",
] as const);

// ---- Shelf (its name: added, renamed) ----

export const ShelfNameForm = z.object({ name: named("catalogue.nameShelf") });
export type ShelfNameFormValues = z.infer<typeof ShelfNameForm>;

export const shelfField = flatField(["name"] as const);
