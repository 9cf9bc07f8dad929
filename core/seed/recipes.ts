/**
 * A dozen real recipes by the two development accounts, so `npm run dev` shows a living site.
 * Ingredients and categories are found by name ignoring case, or created (the catalogue seed may
 * or may not have made them). Idempotent: a recipe whose title its author already has is skipped.
 */
import { sql } from "kysely";
import type { Caller } from "../auth/caller.ts";
import type { Db } from "../db.ts";
import { findByName } from "../names.ts";
import type { RecipeCreate } from "../recipe/schemas.ts";
import { createRecipe } from "../recipe/service.ts";
import { findUserByLogin } from "../user/repository.ts";

/** [ingredient name, grams, as written]. */
type Line = [string, number, string];

type SeedRecipe = {
  author: "dev-user" | "dev-admin";
  title: string;
  description: string;
  cook_time_sec: number;
  prep_time_sec: number;
  servings: number;
  categories: string[];
  ingredients: Line[];
  steps: string[];
  /** The name of the ingredient this recipe makes (a dough), if any. */
  makes?: string;
};

const MIN = 60;

const RECIPES: SeedRecipe[] = [
  {
    author: "dev-user",
    title: "Pancakes",
    description: "Fluffy American-style pancakes for a weekend breakfast.",
    cook_time_sec: 15 * MIN,
    prep_time_sec: 10 * MIN,
    servings: 4,
    categories: ["Breakfast", "Sweet"],
    ingredients: [
      ["Flour", 200, "1 1/2 cups"],
      ["Milk", 300, "1 1/4 cups"],
      ["Egg", 50, "1"],
      ["Butter", 30, "2 tbsp, melted"],
      ["Sugar", 25, "2 tbsp"],
      ["Baking powder", 10, "2 tsp"],
      ["Salt", 2, "a pinch"],
    ],
    steps: [
      "Whisk the flour, sugar, baking powder and salt in a bowl.",
      "Beat in the milk, the egg and the melted butter until just smooth.",
      "Fry ladlefuls in a hot buttered pan until bubbles form, then flip and cook one more minute.",
    ],
  },
  {
    author: "dev-user",
    title: "Scrambled eggs",
    description: "Soft, creamy scrambled eggs cooked low and slow.",
    cook_time_sec: 5 * MIN,
    prep_time_sec: 2 * MIN,
    servings: 2,
    categories: ["Breakfast", "Quick"],
    ingredients: [
      ["Egg", 200, "4"],
      ["Butter", 15, "1 tbsp"],
      ["Milk", 30, "2 tbsp"],
      ["Salt", 1, "a pinch"],
      ["Black pepper", 1, "to taste"],
    ],
    steps: [
      "Beat the eggs with the milk, salt and pepper.",
      "Melt the butter in a pan over low heat.",
      "Add the eggs and stir gently until just set; serve at once.",
    ],
  },
  {
    author: "dev-user",
    title: "Pizza dough",
    description: "A simple yeasted dough for two thin-crust pizzas.",
    cook_time_sec: 0,
    prep_time_sec: 90 * MIN,
    servings: 2,
    categories: ["Basics", "Baking"],
    ingredients: [
      ["Flour", 300, "2 1/2 cups"],
      ["Water", 190, "3/4 cup, lukewarm"],
      ["Dry yeast", 4, "1 tsp"],
      ["Olive oil", 15, "1 tbsp"],
      ["Salt", 6, "1 tsp"],
    ],
    steps: [
      "Dissolve the yeast in the water.",
      "Mix in the flour, salt and oil and knead for 10 minutes until smooth.",
      "Cover and leave to rise for an hour, until doubled.",
    ],
    makes: "Pizza dough",
  },
  {
    author: "dev-user",
    title: "Pizza margherita",
    description: "The classic: tomato, mozzarella and basil on a thin crust.",
    cook_time_sec: 12 * MIN,
    prep_time_sec: 15 * MIN,
    servings: 2,
    categories: ["Main course", "Italian", "Vegetarian"],
    ingredients: [
      ["Pizza dough", 500, "1 batch"],
      ["Canned tomatoes", 200, "1 cup, crushed"],
      ["Mozzarella", 200, "1 ball"],
      ["Basil", 5, "a handful of leaves"],
      ["Olive oil", 15, "1 tbsp"],
      ["Salt", 2, "a pinch"],
    ],
    steps: [
      "Heat the oven to its highest setting with a tray inside.",
      "Stretch each half of the dough into a thin round.",
      "Spread the tomatoes, tear over the mozzarella and season.",
      "Bake for 8 to 12 minutes, then add basil and a drizzle of oil.",
    ],
  },
  {
    author: "dev-user",
    title: "Tomato soup",
    description: "A smooth tomato soup with onion and garlic, good with bread.",
    cook_time_sec: 30 * MIN,
    prep_time_sec: 10 * MIN,
    servings: 4,
    categories: ["Soup", "Vegetarian"],
    ingredients: [
      ["Canned tomatoes", 800, "2 cans"],
      ["Onion", 150, "1 large"],
      ["Garlic", 10, "2 cloves"],
      ["Olive oil", 30, "2 tbsp"],
      ["Vegetable stock", 500, "2 cups"],
      ["Sugar", 5, "1 tsp"],
      ["Salt", 4, "to taste"],
    ],
    steps: [
      "Soften the chopped onion and garlic in the oil for 10 minutes.",
      "Add the tomatoes, stock and sugar and simmer for 20 minutes.",
      "Blend until smooth and season.",
    ],
  },
  {
    author: "dev-user",
    title: "Guacamole",
    description: "Chunky avocado dip with lime and coriander.",
    cook_time_sec: 0,
    prep_time_sec: 10 * MIN,
    servings: 4,
    categories: ["Starter", "Vegetarian", "Quick"],
    ingredients: [
      ["Avocado", 400, "2 ripe"],
      ["Lime", 30, "juice of 1"],
      ["Onion", 40, "1/4, finely chopped"],
      ["Coriander", 5, "a small bunch"],
      ["Salt", 2, "to taste"],
    ],
    steps: ["Mash the avocados roughly with a fork.", "Stir in the lime juice, onion, coriander and salt."],
  },
  {
    author: "dev-admin",
    title: "Banana bread",
    description: "Moist banana loaf, the best use for overripe bananas.",
    cook_time_sec: 60 * MIN,
    prep_time_sec: 15 * MIN,
    servings: 8,
    categories: ["Baking", "Sweet"],
    ingredients: [
      ["Banana", 350, "3 very ripe"],
      ["Flour", 250, "2 cups"],
      ["Sugar", 150, "3/4 cup"],
      ["Butter", 110, "1/2 cup, melted"],
      ["Egg", 50, "1"],
      ["Baking soda", 5, "1 tsp"],
      ["Salt", 2, "a pinch"],
    ],
    steps: [
      "Heat the oven to 175 °C and butter a loaf tin.",
      "Mash the bananas and mix in the melted butter, sugar and egg.",
      "Fold in the flour, baking soda and salt.",
      "Bake for about an hour, until a skewer comes out clean.",
    ],
  },
  {
    author: "dev-admin",
    title: "Spaghetti aglio e olio",
    description: "Spaghetti with garlic, olive oil and chili: dinner in fifteen minutes.",
    cook_time_sec: 12 * MIN,
    prep_time_sec: 5 * MIN,
    servings: 2,
    categories: ["Main course", "Italian", "Quick"],
    ingredients: [
      ["Spaghetti", 200, "200 g"],
      ["Garlic", 20, "4 cloves, sliced"],
      ["Olive oil", 60, "4 tbsp"],
      ["Chili flakes", 1, "1/2 tsp"],
      ["Parsley", 10, "a handful"],
      ["Salt", 10, "for the water"],
    ],
    steps: [
      "Cook the spaghetti in well-salted water.",
      "Meanwhile warm the garlic and chili in the oil until the garlic is golden.",
      "Toss the drained pasta in the oil with a splash of pasta water and the parsley.",
    ],
  },
  {
    author: "dev-admin",
    title: "Greek salad",
    description: "Tomato, cucumber, olives and feta with oregano.",
    cook_time_sec: 0,
    prep_time_sec: 15 * MIN,
    servings: 4,
    categories: ["Salad", "Vegetarian"],
    ingredients: [
      ["Tomato", 400, "4"],
      ["Cucumber", 300, "1"],
      ["Red onion", 80, "1 small"],
      ["Olives", 100, "a handful"],
      ["Feta", 200, "1 block"],
      ["Olive oil", 45, "3 tbsp"],
      ["Oregano", 1, "1 tsp dried"],
    ],
    steps: [
      "Cut the tomatoes and cucumber into chunks and slice the onion.",
      "Top with the olives and the feta, sprinkle with oregano and drizzle with oil.",
    ],
  },
  {
    author: "dev-admin",
    title: "Chocolate chip cookies",
    description: "Chewy cookies with crisp edges.",
    cook_time_sec: 11 * MIN,
    prep_time_sec: 20 * MIN,
    servings: 24,
    categories: ["Baking", "Sweet", "Dessert"],
    ingredients: [
      ["Butter", 225, "1 cup, soft"],
      ["Sugar", 200, "1 cup"],
      ["Brown sugar", 200, "1 cup, packed"],
      ["Egg", 100, "2"],
      ["Flour", 375, "3 cups"],
      ["Baking soda", 5, "1 tsp"],
      ["Chocolate chips", 340, "2 cups"],
      ["Salt", 3, "1/2 tsp"],
    ],
    steps: [
      "Cream the butter with both sugars, then beat in the eggs.",
      "Mix in the flour, baking soda and salt, then the chocolate chips.",
      "Drop spoonfuls on a lined tray and bake at 190 °C for 9 to 11 minutes.",
    ],
  },
  {
    author: "dev-admin",
    title: "French omelette",
    description: "A smooth, pale, rolled omelette.",
    cook_time_sec: 3 * MIN,
    prep_time_sec: 2 * MIN,
    servings: 1,
    categories: ["Breakfast", "Quick"],
    ingredients: [
      ["Egg", 150, "3"],
      ["Butter", 10, "2 tsp"],
      ["Chives", 2, "a few, snipped"],
      ["Salt", 1, "a pinch"],
    ],
    steps: [
      "Beat the eggs with the salt.",
      "Cook in foaming butter over medium heat, stirring, until barely set.",
      "Roll onto a plate and scatter with chives.",
    ],
  },
  {
    author: "dev-admin",
    title: "Hummus",
    description: "Creamy chickpea dip with tahini and lemon.",
    cook_time_sec: 0,
    prep_time_sec: 10 * MIN,
    servings: 6,
    categories: ["Starter", "Vegetarian"],
    ingredients: [
      ["Chickpeas", 400, "1 can, drained"],
      ["Tahini", 60, "1/4 cup"],
      ["Lemon", 40, "juice of 1"],
      ["Garlic", 5, "1 clove"],
      ["Olive oil", 30, "2 tbsp"],
      ["Salt", 3, "1/2 tsp"],
    ],
    steps: [
      "Blend the chickpeas, tahini, lemon juice, garlic and salt with a little cold water until smooth.",
      "Serve with a pool of olive oil on top.",
    ],
  },
];

/** Finds a row of `table` by name ignoring case and plural, creating it (owned by `userId` for ingredients) if missing. */
async function findOrCreateByName(
  db: Db,
  table: "categories" | "ingredients",
  name: string,
  userId: number,
): Promise<number> {
  if (table === "ingredients") {
    await sql`insert into ingredients (name, user_id) values (${name}, ${userId})
      on conflict ((name_key(name))) do nothing`.execute(db);
  } else {
    await sql`insert into categories (name) values (${name}) on conflict ((name_key(name))) do nothing`.execute(
      db,
    );
  }
  const row = await findByName(db, table, name);
  if (!row) throw new Error(`Seed: ${table} '${name}' was neither found nor created.`);
  return row.id;
}

/** Seeds the development recipes; needs the development accounts (seedAccounts) first. */
export async function seedRecipes(db: Db): Promise<void> {
  const authors = new Map<string, Caller>();
  for (const username of ["dev-user", "dev-admin"]) {
    const user = await findUserByLogin(db, username);
    if (!user) throw new Error(`Seed recipes need the development account '${username}'.`);
    authors.set(username, { id: user.id, username: user.username, role: user.role });
  }

  for (const recipe of RECIPES) {
    const author = authors.get(recipe.author) as Caller;
    const existing = await db
      .selectFrom("recipes")
      .select("id")
      .where("user_id", "=", author.id)
      .where("title", "=", recipe.title)
      .executeTakeFirst();
    let recipeId = existing?.id;
    if (recipeId === undefined) {
      const input: RecipeCreate = {
        title: recipe.title,
        description: recipe.description,
        cook_time_sec: recipe.cook_time_sec,
        prep_time_sec: recipe.prep_time_sec,
        servings: recipe.servings,
        category_ids: [],
        ingredients: [],
        steps: recipe.steps.map((description) => ({ description })),
      };
      for (const name of recipe.categories) {
        input.category_ids?.push(await findOrCreateByName(db, "categories", name, author.id));
      }
      for (const [name, grams, readable] of recipe.ingredients) {
        const ingredientId = await findOrCreateByName(db, "ingredients", name, author.id);
        input.ingredients?.push({
          ingredient_id: ingredientId,
          amount_grams: grams,
          amount_readable: readable,
        });
      }
      recipeId = (await createRecipe(db, input, author)).id;
    }
    if (recipe.makes) {
      // The dough is itself an ingredient of the pizza: point that ingredient at its recipe.
      const ingredientId = await findOrCreateByName(db, "ingredients", recipe.makes, author.id);
      await db
        .updateTable("ingredients")
        .set({ recipe_id: recipeId })
        .where("id", "=", ingredientId)
        .where("recipe_id", "is", null)
        .execute();
    }
  }
}
