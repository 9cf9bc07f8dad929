/**
 * Development catalogue so `npm run dev` shows a living site: categories, common ingredients and two
 * stores with shelves in walking order, owned by the dev-admin account. Idempotent: rows found by name
 * (ignoring case and plural) are left as they are, so a second run changes nothing. The caller guards production.
 */
import { sql } from "kysely";
import { type Db, transaction } from "../db.ts";
import { nameKey } from "../names.ts";
import { findUserByLogin } from "../user/repository.ts";

export const SEED_CATEGORIES: readonly { name: string; description: string }[] = [
  { name: "Dessert", description: "Cakes, puddings and other sweet endings." },
  { name: "Breakfast", description: "Something good to start the day." },
  { name: "Quick", description: "On the table in 30 minutes or less." },
  { name: "Baking", description: "Breads, pastries and everything from the oven." },
  { name: "Vegetarian", description: "No meat, no fish." },
  { name: "Soup", description: "Warming bowls for every season." },
  { name: "Salad", description: "Fresh, crunchy and colourful." },
  { name: "Pasta", description: "Noodles of every shape." },
];

export const SEED_INGREDIENTS: readonly string[] = [
  "Flour",
  "Sugar",
  "Egg",
  "Milk",
  "Butter",
  "Salt",
  "Yeast",
  "Olive oil",
  "Tomato",
  "Onion",
  "Garlic",
  "Potato",
  "Carrot",
  "Rice",
  "Spaghetti",
  "Black pepper",
  "Baking powder",
  "Honey",
  "Lemon",
  "Basil",
  "Cheddar cheese",
  "Chicken breast",
  "Rolled oats",
  "Vanilla extract",
];

type SeedStore = {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  website: string;
  description: string;
  /** In walking order: the position is the index. */
  shelves: { name: string; ingredients: string[] }[];
};

export const SEED_STORES: readonly SeedStore[] = [
  {
    name: "Riverside Market",
    address: "12 River Road, Springfield",
    latitude: 40.7128,
    longitude: -74.006,
    phone: "+1 (555) 010-2000",
    website: "https://riverside-market.example.com",
    description: "A big supermarket by the river, open every day.",
    shelves: [
      {
        name: "Entrance: fruit and vegetables",
        ingredients: ["Tomato", "Onion", "Garlic", "Potato", "Carrot", "Lemon", "Basil"],
      },
      { name: "Aisle 2: pasta and rice", ingredients: ["Spaghetti", "Rice"] },
      {
        name: "Aisle 4: baking",
        ingredients: ["Flour", "Sugar", "Yeast", "Baking powder", "Vanilla extract"],
      },
      { name: "Aisle 5: oils and spices", ingredients: ["Olive oil", "Salt", "Black pepper"] },
      { name: "Back wall: dairy and eggs", ingredients: ["Milk", "Butter", "Egg", "Cheddar cheese"] },
      { name: "Butcher counter", ingredients: ["Chicken breast"] },
    ],
  },
  {
    name: "Corner Grocer",
    address: "3 Market Square, Springfield",
    latitude: 40.7152,
    longitude: -74.0012,
    phone: "+1 (555) 010-3000",
    website: "https://corner-grocer.example.com",
    description: "A small neighbourhood shop with the basics.",
    shelves: [
      { name: "Front: breakfast", ingredients: ["Rolled oats", "Honey", "Milk", "Egg"] },
      { name: "Middle: pantry", ingredients: ["Flour", "Sugar", "Salt", "Rice", "Olive oil"] },
      { name: "Back: fresh", ingredients: ["Tomato", "Onion", "Potato", "Butter"] },
    ],
  },
];

/** Seeds the catalogue once; needs the dev-admin account (seeded before). */
export async function seedCatalogue(db: Db): Promise<void> {
  const admin = await findUserByLogin(db, "dev-admin");
  if (!admin) throw new Error("Seed the dev-admin account before the catalogue.");
  await transaction(db, async (trx) => {
    // Two seeds at once (two dev servers, parallel tests) take turns instead of doubling the stores.
    await sql`select pg_advisory_xact_lock(hashtext('recipe-service:seed-catalogue'))`.execute(trx);

    await trx
      .insertInto("categories")
      .values(SEED_CATEGORIES.map((c) => ({ name: c.name, description: c.description })))
      .onConflict((oc) => oc.expression(nameKey(sql.ref("name"))).doNothing())
      .execute();
    await trx
      .insertInto("ingredients")
      .values(SEED_INGREDIENTS.map((name) => ({ name, user_id: admin.id })))
      .onConflict((oc) => oc.expression(nameKey(sql.ref("name"))).doNothing())
      .execute();

    // Each seed name with the row that has it, however that row writes it (`Eggs` for `Egg`).
    const { rows: ingredients } = await sql<{ seed: string; id: number }>`
      select n as seed, i.id from unnest(${SEED_INGREDIENTS}::text[]) n
      join ingredients i on ${nameKey(sql.ref("i.name"))} = ${nameKey(sql.ref("n"))}`.execute(trx);
    const idOf = new Map(ingredients.map((i) => [i.seed, i.id]));

    for (const { shelves, ...store } of SEED_STORES) {
      const existing = await trx
        .selectFrom("stores")
        .select("id")
        .where("name", "=", store.name)
        .executeTakeFirst();
      if (existing) continue;
      const { id: storeId } = await trx
        .insertInto("stores")
        .values({ ...store, user_id: admin.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [position, shelf] of shelves.entries()) {
        const { id: shelfId } = await trx
          .insertInto("shelves")
          .values({ store_id: storeId, name: shelf.name, position })
          .returning("id")
          .executeTakeFirstOrThrow();
        const rows = shelf.ingredients.flatMap((name) => {
          const id = idOf.get(name);
          return id === undefined ? [] : [{ shelf_id: shelfId, store_id: storeId, ingredient_id: id }];
        });
        if (rows.length > 0) await trx.insertInto("shelf_ingredients").values(rows).execute();
      }
    }
  });
}
