/**
 * Every test data factory (pictures and the picture tests' bare recipe rows are in image-fixtures.ts).
 * Rows are made through the services, the way the API makes them (insertRecipeUsing says why it does
 * not), with unique names, so tests never depend on an empty database or on each other.
 */
import { decodeJwt } from "jose";
import { sql } from "kysely";
import type { Caller } from "../../core/auth/caller.ts";
import { createCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { createHousehold, setMemberRole } from "../../core/household/service.ts";
import type { HouseholdRole } from "../../core/household/table.ts";
import type { IngredientCreate } from "../../core/ingredient/schemas.ts";
import { createIngredient } from "../../core/ingredient/service.ts";
import { createEntry } from "../../core/meal-plan/service.ts";
import type { Meal } from "../../core/meal-plan/table.ts";
import type { RecipeCreate, RecipeRead } from "../../core/recipe/schemas.ts";
import { createRecipe } from "../../core/recipe/service.ts";
import { startSession } from "../../core/session/service.ts";
import { createShelf } from "../../core/shelf/service.ts";
import { createShoppingList } from "../../core/shopping-list/service.ts";
import { createStore } from "../../core/store/service.ts";
import { hashPassword } from "../../core/user/password.ts";
import { insertUser } from "../../core/user/repository.ts";
import type { Role } from "../../core/user/table.ts";

let counter = 0;

/** A short name no other test (or parallel test file) will pick. */
export function unique(prefix: string): string {
  counter += 1;
  // Padded, so names made later also sort later (lists order by name): `…-9` would follow `…-10`.
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${String(counter).padStart(6, "0")}`;
}

// Users

export type TestUser = {
  id: number;
  username: string;
  email: string;
  role: Role;
  password: string;
  token: string;
  /** The refresh token and id of the session `token` belongs to. */
  refreshToken: string;
  sessionId: number;
};

export async function makeUser(options: { role?: Role; password?: string } = {}): Promise<TestUser> {
  const username = unique("u").toLowerCase().slice(0, 32);
  const password = options.password ?? "correct horse battery";
  const user = await insertUser(getDb(), {
    username,
    email: `${username}@example.com`,
    password_hash: await hashPassword(password),
    role: options.role ?? "user",
  });
  const { access_token, refresh_token } = await startSession(getDb(), user, "password", "vitest");
  const sessionId = decodeJwt(access_token).sid as number;
  return {
    id: user.id,
    username,
    email: user.email,
    role: user.role,
    password,
    token: access_token,
    refreshToken: refresh_token,
    sessionId,
  };
}

/** The people most route tests need: the owner of what a test makes, another user, and an admin. */
export async function makeCast(): Promise<{ owner: TestUser; other: TestUser; admin: TestUser }> {
  const [owner, other, admin] = await Promise.all([makeUser(), makeUser(), makeUser({ role: "admin" })]);
  return { owner, other, admin };
}

const asCaller = (user: TestUser): Caller => ({ id: user.id, username: user.username, role: user.role });

let keeper: Promise<TestUser> | undefined;

/**
 * The admin who makes the catalogue rows a test does not give an owner: one per test file, made on
 * first use. Its ingredients behave like any other user's (only it and admins may change them).
 */
function catalogueKeeper(): Promise<TestUser> {
  keeper ??= makeUser({ role: "admin" });
  return keeper;
}

// Catalogue: categories, ingredients, stores, shelves

/** A category (categories record no creator; the service only checks that an admin makes it). */
export async function makeCategory(fields: { name?: string; description?: string } = {}) {
  const input = { ...fields, name: fields.name ?? unique("Category") };
  return createCategory(getDb(), input, asCaller(await catalogueKeeper()));
}

/**
 * An ingredient owned by `owner` (by default the file's catalogue keeper, an admin), with any other
 * create fields: `makeIngredient({ recipe_id })` is one a recipe makes (a dough, a stock).
 */
export async function makeIngredient(fields: Partial<IngredientCreate> & { owner?: TestUser } = {}) {
  const { owner, ...rest } = fields;
  const input = { ...rest, name: rest.name ?? unique("Ingredient") };
  return createIngredient(getDb(), input, asCaller(owner ?? (await catalogueKeeper())));
}

/** An ingredient whose creator is gone (its user_id set to null, as deleting the account does). */
export async function makeOwnerlessIngredient() {
  const ingredient = await makeIngredient();
  await sql`update ingredients set user_id = null where id = ${ingredient.id}`.execute(getDb());
  return { ...ingredient, user_id: null };
}

export async function makeStore(owner: TestUser, name = unique("Store")) {
  return createStore(getDb(), { name }, asCaller(owner));
}

export async function makeShelf(
  owner: TestUser,
  storeId: number,
  fields: { name?: string; position?: number; ingredient_ids?: number[] } = {},
) {
  return createShelf(
    getDb(),
    storeId,
    {
      name: fields.name ?? unique("Shelf"),
      position: fields.position ?? 0,
      ingredient_ids: fields.ingredient_ids ?? [],
    },
    asCaller(owner),
  );
}

// Recipes

/** A recipe owned by `owner`, created through the service. */
export async function makeRecipe(owner: TestUser, input: Partial<RecipeCreate> = {}): Promise<RecipeRead> {
  return createRecipe(getDb(), { title: unique("recipe"), ...input }, asCaller(owner));
}

/** A recipe with one line per `[ingredient id, grams, readable]`. */
export async function makeRecipeWith(
  owner: TestUser,
  lines: readonly (readonly [number, number, string?])[],
  fields: { servings?: number | null; title?: string } = {},
) {
  return makeRecipe(owner, {
    ...fields,
    ingredients: lines.map(([ingredient_id, amount_grams, amount_readable]) => ({
      ingredient_id,
      amount_grams,
      amount_readable: amount_readable ?? `${amount_grams} g`,
    })),
  });
}

/**
 * A bare recipe row that uses the given ingredients, written with SQL so the ingredient tests do not
 * depend on the recipe service. Returns the recipe id.
 */
export async function insertRecipeUsing(owner: TestUser, ingredientIds: readonly number[]): Promise<number> {
  const db = getDb();
  const recipe = await db
    .insertInto("recipes")
    .values({ user_id: owner.id, title: unique("Recipe") })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, ingredient_id] of ingredientIds.entries()) {
    await db
      .insertInto("recipe_ingredients")
      .values({ recipe_id: recipe.id, ingredient_id, position, amount_grams: 100, amount_readable: "100 g" })
      .execute();
  }
  return recipe.id;
}

// Shopping lists and the meal plan

// Households

/**
 * A household made by `owner` (its owner), with `members` in it as plain members (or as `roles` say);
 * members are added the way a join adds them, without an invitation.
 */
export async function makeHousehold(
  owner: TestUser,
  members: readonly TestUser[] = [],
  roles: Partial<Record<number, HouseholdRole>> = {},
) {
  const db = getDb();
  const household = await createHousehold(db, { name: unique("Household").slice(0, 80) }, asCaller(owner));
  for (const member of members) {
    await db
      .insertInto("household_members")
      .values({ household_id: household.id, user_id: member.id, role: "member" })
      .execute();
    const role = roles[member.id];
    if (role === "owner") await setMemberRole(db, household.id, member.id, { role }, asCaller(owner));
  }
  return household;
}

/** An empty list owned by `owner`, made through the service. */
export async function makeList(
  owner: TestUser,
  fields: { name?: string; store_id?: number | null; household_id?: number | null } = {},
) {
  return createShoppingList(
    getDb(),
    { name: fields.name ?? unique("List").slice(0, 80), ...fields },
    asCaller(owner),
  );
}

/** A meal plan entry of `owner`, made through the service. */
export async function makeEntry(
  owner: TestUser,
  fields: {
    date: string;
    meal: Meal;
    recipe_id: number;
    servings?: number;
    note?: string;
    household_id?: number | null;
  },
) {
  return createEntry(getDb(), fields, asCaller(owner));
}
