/**
 * The catalogue's forms (ingredient, category, store): the values their inputs hold (text, as typed),
 * the checks made before sending (only what the API cannot say better: a name, numbers that are
 * numbers), the API's body, and which field an API error path lands on.
 */
import { z } from "zod";
import { type MessageId, t } from "../../../i18n/index.ts";
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

export const IngredientForm = z.object({
  name: named("catalogue.nameIngredient"),
  description: z.string(),
  /** The recipe that makes it (a dough, a stock), shown by its title. */
  recipe: z.object({ id: z.number(), title: z.string() }).nullable(),
  grams_per_ml: positiveOrEmpty("catalogue.gramsPerMlInvalid"),
  grams_per_piece: positiveOrEmpty("catalogue.gramsPerPieceInvalid"),
});
export type IngredientFormValues = z.infer<typeof IngredientForm>;

export const emptyIngredient = (): IngredientFormValues => ({
  name: "",
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

/** The body of POST and PUT (every field: an emptied one is sent as null, so it is cleared). */
export function toIngredientBody(values: IngredientFormValues): Schemas["IngredientCreate"] {
  return {
    name: values.name.trim(),
    description: orNull(values.description),
    recipe_id: values.recipe?.id ?? null,
    grams_per_ml: optionalNumber(values.grams_per_ml),
    grams_per_piece: optionalNumber(values.grams_per_piece),
  };
}

export const ingredientField = flatField(
  ["name", "description", "recipe", "grams_per_ml", "grams_per_piece"] as const,
  { recipe_id: "recipe" },
);

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
