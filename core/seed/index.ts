/**
 * Development data so `npm run dev` shows a living site: the two accounts, then the catalogue,
 * then recipes that use it. Every step is idempotent. Refuses to run in production.
 */
import { config } from "../config.ts";
import type { Db } from "../db.ts";
import { matchNutrition } from "../ingredient/nutrition.ts";
import { seedAccounts } from "./accounts.ts";
import { seedCatalogue } from "./catalogue.ts";
import { seedRecipes } from "./recipes.ts";

export async function seedDevelopmentData(db: Db): Promise<void> {
  if (config.production) throw new Error("Development data is never seeded in production.");
  await seedAccounts(db);
  await seedCatalogue(db);
  await seedRecipes(db);
  // The catalogue is written with SQL: its ingredients get their foods here (a food table imported
  // later matches whatever is still unmatched then).
  await matchNutrition(db, "unmatched");
}
