/**
 * A recipe as schema.org `Recipe` JSON-LD: what `GET /recipes/<id>` answers to
 * `Accept: application/ld+json` and what the web app's recipe page embeds, so that Mealie, Tandoor,
 * Nextcloud Cookbook or this service's own import read it back to the same recipe: ingredient lines
 * say their grams (`2 cups Flour (250 g)`), which an import takes as given.
 */
import type { HowToStep, NutritionInformation, Recipe, RecipeLeaf, WithContext } from "schema-dts";
import { config } from "../config.ts";
import type { Db } from "../db.ts";
import { getUser } from "../user/service.ts";
import type { RecipeRead } from "./schemas.ts";

export const JSON_LD_MEDIA_TYPE = "application/ld+json";

/** Seconds → ISO 8601 duration (`PT1H30M`), or undefined for no time. */
export function isoDuration(seconds: number | null): string | undefined {
  if (seconds === null) return undefined;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (seconds === 0) return "PT0S";
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
}

/** `2 cups Flour (250 g)`: the amount as written, the name, and the grams (3 decimals at most). */
export function ingredientLine(line: RecipeRead["ingredients"][number]): string {
  const grams = line.amount_grams === null ? 0 : Number(line.amount_grams.toFixed(3));
  const text = [line.amount_readable.trim(), line.name].filter(Boolean).join(" ");
  return grams > 0 ? `${text} (${grams} g)` : text;
}

/** Coverage from which the JSON-LD states nutrition (CONTRACT.md: nutrition): below it, a label would mislead. */
export const JSON_LD_NUTRITION_COVERAGE = 0.9;

/**
 * The recipe's nutrition per serving as schema.org NutritionInformation (`calories: "412 kcal"`),
 * when at least 90 % of its grams are known; sodium from salt (÷ 2.5). Unknown values are left out.
 */
function nutritionInformation(recipe: RecipeRead): NutritionInformation | undefined {
  const n = recipe.nutrition;
  const s = n?.per_serving;
  if (!n || !s || n.coverage < JSON_LD_NUTRITION_COVERAGE) return undefined;
  const grams = (value: number | null) => (value === null ? undefined : `${value} g`);
  const content = {
    calories: s.energy_kcal === null ? undefined : `${s.energy_kcal} kcal`,
    proteinContent: grams(s.protein_g),
    fatContent: grams(s.fat_g),
    saturatedFatContent: grams(s.saturated_fat_g),
    carbohydrateContent: grams(s.carbohydrate_g),
    sugarContent: grams(s.sugars_g),
    fiberContent: grams(s.fiber_g),
    sodiumContent: s.salt_g === null ? undefined : `${Math.round(s.salt_g * 400)} mg`,
  };
  return {
    "@type": "NutritionInformation",
    servingSize: "1 serving",
    ...Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined)),
  };
}

/** The schema.org Recipe of a recipe; `author` is its owner's username. */
export function recipeJsonLd(recipe: RecipeRead, author: string): WithContext<Recipe> {
  const total =
    recipe.total_time_sec ??
    (recipe.cook_time_sec === null && recipe.prep_time_sec === null
      ? null
      : (recipe.cook_time_sec ?? 0) + (recipe.prep_time_sec ?? 0));
  const steps: HowToStep[] = recipe.steps.map((s) => ({
    "@type": "HowToStep",
    position: s.step_number,
    text: s.description,
  }));
  const optional = {
    description: recipe.description ?? undefined,
    prepTime: isoDuration(recipe.prep_time_sec),
    cookTime: isoDuration(recipe.cook_time_sec),
    totalTime: isoDuration(total),
    recipeYield: recipe.servings === null ? undefined : `${recipe.servings} servings`,
    image: recipe.img ?? undefined,
    thumbnailUrl: recipe.preview_img ?? undefined,
    isBasedOn: recipe.source_url ?? undefined,
    nutrition: nutritionInformation(recipe),
  } satisfies Partial<RecipeLeaf>;
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    "@id": `${config.frontendUrl}/recipes/${recipe.id}`,
    url: `${config.frontendUrl}/recipes/${recipe.id}`,
    name: recipe.title,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    recipeIngredient: recipe.ingredients.map(ingredientLine),
    recipeInstructions: steps,
    recipeCategory: recipe.categories.map((c) => c.name),
    author: { "@type": "Person", name: author },
    dateCreated: recipe.created_at,
    dateModified: recipe.updated_at,
  };
}

/**
 * True when an `Accept` header asks for JSON-LD at least as much as for plain JSON. A tie goes to
 * JSON-LD: clients that list it ask for it on purpose, and browsers never list it.
 */
export function prefersJsonLd(accept: string | undefined): boolean {
  if (!accept) return false;
  const weights = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(type, Math.max(weights.get(type) ?? 0, Number.isFinite(weight) ? weight : 0));
  }
  const ld = weights.get(JSON_LD_MEDIA_TYPE) ?? 0;
  const json = weights.get("application/json") ?? 0;
  return ld > 0 && ld >= json;
}

/** The JSON-LD of a recipe read by the API (its owner's username is the author). */
export async function recipeJsonLdOf(db: Db, recipe: RecipeRead): Promise<WithContext<Recipe>> {
  const owner = await getUser(db, recipe.user_id, null);
  return recipeJsonLd(recipe, owner.username);
}
