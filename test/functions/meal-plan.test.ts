/**
 * /meal-plan through the real pipeline: privacy, the range rules of a read, order within a day, the
 * entry's servings, POST /shopping-lists/<id>/meal-plan (days to a list), and entries shared with a
 * household.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resolveRange } from "../../core/meal-plan/service.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeEntry,
  makeHousehold,
  makeIngredient,
  makeList,
  makeRecipeWith,
  makeUser,
  type TestUser,
} from "../helpers/factories.ts";
import { rowById } from "../helpers/rows.ts";
import { itemsOf } from "../helpers/shopping-list-api.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

describe("POST /meal-plan", () => {
  it("plans a recipe for the caller, servings defaulting to the recipe's own, with its title", async () => {
    const recipe = await makeRecipeWith(owner, [], { servings: 4 });
    const res = await api("POST", "/meal-plan/", {
      token: owner.token,
      json: { date: "2026-12-01", meal: "dinner", recipe_id: recipe.id, note: "  with salad " },
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/meal-plan/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      user_id: owner.id,
      date: "2026-12-01",
      meal: "dinner",
      recipe_id: recipe.id,
      servings: 4,
      note: "with salad",
      household_id: null,
      title: recipe.title,
      preview_img: null,
      nutrition: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(await rowById("meal_plan_entries", res.body.id)).toMatchObject({
      user_id: owner.id,
      servings: 4,
      meal: "dinner",
    });
    const two = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "2026-12-01", meal: "lunch", recipe_id: recipe.id, servings: 2 },
    });
    expect(two.body).toMatchObject({ servings: 2, note: "" });
  });

  it("a recipe without servings takes none; servings for it is a 422", async () => {
    const recipe = await makeRecipeWith(owner, [], { servings: null });
    const plain = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "2026-12-02", meal: "snack", recipe_id: recipe.id },
    });
    expect(plain.body.servings).toBeNull();
    const refused = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "2026-12-02", meal: "snack", recipe_id: recipe.id, servings: 2 },
    });
    expect(problem(refused, 422).detail).toBe(`Recipe ID ${recipe.id} has no servings to scale from.`);
  });

  it.each([
    [{ meal: "dinner", recipe_id: 1 }, "date"],
    [{ date: "2026-13-01", meal: "dinner", recipe_id: 1 }, "date"],
    [{ date: "2026-02-30", meal: "dinner", recipe_id: 1 }, "date"],
    [{ date: "1.12.2026", meal: "dinner", recipe_id: 1 }, "date"],
    [{ date: "2026-12-01", meal: "brunch", recipe_id: 1 }, "meal"],
    [{ date: "2026-12-01", meal: "dinner" }, "recipe_id"],
    [{ date: "2026-12-01", meal: "dinner", recipe_id: 1, servings: 0 }, "servings"],
    [{ date: "2026-12-01", meal: "dinner", recipe_id: 1, note: "x".repeat(201) }, "note"],
    [{ date: "2026-12-01", meal: "dinner", recipe_id: 1, user_id: 1 }, "user_id"],
  ])("refuses %j with a 422 at %s", async (json, path) => {
    const body = problem(await api("POST", "/meal-plan", { token: owner.token, json }), 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("an unknown recipe is a 422; the public gets 401", async () => {
    const json = { date: "2026-12-01", meal: "dinner", recipe_id: 2_000_000_000 };
    expect(problem(await api("POST", "/meal-plan", { token: owner.token, json }), 422).detail).toBe(
      "Recipe ID 2000000000 was not found.",
    );
    problem(await api("POST", "/meal-plan", { json }), 401);
  });
});

describe("GET /meal-plan", () => {
  it("answers the caller's entries of the range by date, then breakfast, lunch, dinner, snack", async () => {
    const user = await makeUser();
    const recipe = await makeRecipeWith(user, [], { servings: 2 });
    const plan = [
      ["2027-03-02", "snack"],
      ["2027-03-02", "breakfast"],
      ["2027-03-01", "dinner"],
      ["2027-03-02", "dinner"],
      ["2027-03-02", "lunch"],
      ["2027-03-10", "lunch"],
    ] as const;
    for (const [date, meal] of plan) await makeEntry(user, { date, meal, recipe_id: recipe.id });
    await makeEntry(other, { date: "2027-03-02", meal: "lunch", recipe_id: recipe.id });
    const res = await api("GET", "/meal-plan?from=2027-03-01&to=2027-03-07", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { date: string; meal: string }) => [e.date, e.meal])).toEqual([
      ["2027-03-01", "dinner"],
      ["2027-03-02", "breakfast"],
      ["2027-03-02", "lunch"],
      ["2027-03-02", "dinner"],
      ["2027-03-02", "snack"],
    ]);
    expect(res.body.items[0]).toMatchObject({ user_id: user.id, title: recipe.title, preview_img: null });
    // One date alone: the 7 days from (or up to) it; the range is inclusive.
    const from = await api("GET", "/meal-plan?from=2027-03-04", { token: user.token });
    expect(from.body.items.map((e: { date: string }) => e.date)).toEqual(["2027-03-10"]);
    const to = await api("GET", "/meal-plan?to=2027-03-01", { token: user.token });
    expect(to.body.items.map((e: { date: string }) => e.date)).toEqual(["2027-03-01"]);
    const day = await api("GET", "/meal-plan?from=2027-03-10&to=2027-03-10", { token: user.token });
    expect(day.body.items).toHaveLength(1);
  });

  it("defaults to this week, Monday to Sunday (UTC)", async () => {
    expect(resolveRange({}, new Date("2026-11-24T13:00:00Z"))).toEqual({
      from: "2026-11-23",
      to: "2026-11-29",
    });
    expect(resolveRange({}, new Date("2026-11-29T23:59:00Z"))).toEqual({
      from: "2026-11-23",
      to: "2026-11-29",
    });
    expect(resolveRange({}, new Date("2026-11-30T00:00:00Z"))).toEqual({
      from: "2026-11-30",
      to: "2026-12-06",
    });
    const user = await makeUser();
    const recipe = await makeRecipeWith(user, []);
    const { from, to } = resolveRange({});
    await makeEntry(user, { date: from, meal: "lunch", recipe_id: recipe.id });
    await makeEntry(user, { date: to, meal: "lunch", recipe_id: recipe.id });
    const res = await api("GET", "/meal-plan", { token: user.token });
    expect(res.body.items.map((e: { date: string }) => e.date)).toEqual([from, to]);
  });

  it("bad dates and ranges are a 400 with a sentence", async () => {
    const cases: [string, string][] = [
      ["?from=2026-12-31&to=2026-12-01", "'to' (2026-12-01) is before 'from' (2026-12-31)."],
      ["?from=2026-01-01&to=2026-03-05", "'from' and 'to' may be at most 62 days apart; these are 63."],
      ["?from=yesterday", "Query parameter 'from' is invalid: Must be a date as YYYY-MM-DD."],
      ["?to=2026-02-30", "Query parameter 'to' is invalid: Must be a date that exists, as YYYY-MM-DD."],
      ["?week=1", "Query parameter 'week' is invalid: Unknown field."],
      ["?from=0000-01-01", "Query parameter 'from' is invalid: Must be a date from 0001-01-01 on."],
    ];
    for (const [query, detail] of cases) {
      expect(problem(await api("GET", `/meal-plan${query}`, { token: owner.token }), 400).detail, query).toBe(
        detail,
      );
    }
    expect(
      (await api("GET", "/meal-plan?from=2026-01-01&to=2026-03-04", { token: owner.token })).status,
    ).toBe(200);
    problem(await api("GET", "/meal-plan"), 401);
  });

  it("a range at the calendar's ends is cut short there, never a 5xx", async () => {
    for (const query of ["?from=9999-12-31", "?to=0001-01-03", "?to=0001-01-01"]) {
      expect((await api("GET", `/meal-plan${query}`, { token: owner.token })).status, query).toBe(200);
    }
    expect(resolveRange({ from: "9999-12-29" })).toEqual({ from: "9999-12-29", to: "9999-12-31" });
    expect(resolveRange({ to: "0001-01-03" })).toEqual({ from: "0001-01-01", to: "0001-01-03" });
    const recipe = await makeRecipeWith(owner, [], { servings: 2 });
    const entry = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "0000-01-01", meal: "lunch", recipe_id: recipe.id },
    });
    expect(problem(entry, 422).errors).toEqual([
      { path: "date", message: "Must be a date from 0001-01-01 on." },
    ]);
    const far = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "9999-12-31", meal: "lunch", recipe_id: recipe.id },
    });
    expect(far.status).toBe(201);
    expect(far.body.date).toBe("9999-12-31");
  });
});

describe("PUT and DELETE /meal-plan/<id>", () => {
  it("the owner and an admin change any subset; another user gets 403; unknown 404", async () => {
    const small = await makeRecipeWith(owner, [], { servings: 2 });
    const big = await makeRecipeWith(owner, [], { servings: 8 });
    const entry = await makeEntry(owner, { date: "2026-12-05", meal: "lunch", recipe_id: small.id });
    const moved = await api("PUT", `/meal-plan/${entry.id}`, {
      token: owner.token,
      json: { date: "2026-12-06", meal: "dinner", note: "guests" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ date: "2026-12-06", meal: "dinner", note: "guests", servings: 2 });
    // Another recipe without servings keeps the entry's servings (issue 28).
    const swapped = await api("PUT", `/meal-plan/${entry.id}`, {
      token: admin.token,
      json: { recipe_id: big.id },
    });
    expect(swapped.body).toMatchObject({ recipe_id: big.id, title: big.title, servings: 2 });
    const servings = await api("PUT", `/meal-plan/${entry.id}`, {
      token: owner.token,
      json: { servings: 3 },
    });
    expect(servings.body.servings).toBe(3);
    expect((await api("PUT", `/meal-plan/${entry.id}`, { token: owner.token, json: {} })).body.servings).toBe(
      3,
    );

    const refused = await api("PUT", `/meal-plan/${entry.id}`, {
      token: other.token,
      json: { note: "mine" },
    });
    expect(problem(refused, 403).detail).toBe(`Meal plan entry ID ${entry.id} belongs to another user.`);
    const deleteRefused = await api("DELETE", `/meal-plan/${entry.id}`, { token: other.token });
    expect(problem(deleteRefused, 403).detail).toBe(
      `Meal plan entry ID ${entry.id} belongs to another user.`,
    );
    problem(await api("PUT", `/meal-plan/${entry.id}`, { json: { note: "x" } }), 401);
    problem(await api("DELETE", `/meal-plan/${entry.id}`), 401);
    expect(await rowById("meal_plan_entries", entry.id)).toMatchObject({ note: "guests", servings: 3 });

    problem(await api("PUT", `/meal-plan/${entry.id}`, { token: owner.token, json: { meal: "tea" } }), 422);
    const unknownRecipe = await api("PUT", `/meal-plan/${entry.id}`, {
      token: owner.token,
      json: { recipe_id: 2_000_000_000 },
    });
    expect(problem(unknownRecipe, 422).detail).toBe("Recipe ID 2000000000 was not found.");

    expect((await api("DELETE", `/meal-plan/${entry.id}`, { token: admin.token })).status).toBe(204);
    expect(await rowById("meal_plan_entries", entry.id)).toBeUndefined();
    expect(problem(await api("DELETE", `/meal-plan/${entry.id}`, { token: owner.token }), 404).detail).toBe(
      `Meal plan entry ID ${entry.id} was not found.`,
    );
    expect(
      problem(await api("PUT", `/meal-plan/${entry.id}`, { token: owner.token, json: {} }), 404).detail,
    ).toBe(`Meal plan entry ID ${entry.id} was not found.`);
  });

  it("another recipe keeps the servings the person set; a recipe without servings leaves none", async () => {
    const user = await makeUser();
    const soup = await makeRecipeWith(user, [], { servings: 4 });
    const stew = await makeRecipeWith(user, [], { servings: 6 });
    const toast = await makeRecipeWith(user, [], { servings: null });
    const entry = await makeEntry(user, {
      date: "2027-08-02",
      meal: "dinner",
      recipe_id: soup.id,
      servings: 3,
    });
    const put = (json: unknown) => api("PUT", `/meal-plan/${entry.id}`, { token: user.token, json });
    expect(await rowById("meal_plan_entries", entry.id)).toMatchObject({ recipe_id: soup.id, servings: 3 });

    const swapped = await put({ recipe_id: stew.id });
    expect(swapped.status).toBe(200);
    expect(swapped.body).toMatchObject({ recipe_id: stew.id, title: stew.title, servings: 3 });
    expect(await rowById("meal_plan_entries", entry.id)).toMatchObject({ recipe_id: stew.id, servings: 3 });
    // Servings named with the recipe win.
    expect((await put({ recipe_id: soup.id, servings: 5 })).body).toMatchObject({ servings: 5 });
    // A recipe that does not say its servings cannot be scaled: the entry has none (added as written).
    expect((await put({ recipe_id: toast.id })).body).toMatchObject({ recipe_id: toast.id, servings: null });
    expect(await rowById("meal_plan_entries", entry.id)).toMatchObject({
      recipe_id: toast.id,
      servings: null,
    });
    // From none, another recipe brings its own, as a new entry would.
    expect((await put({ recipe_id: stew.id })).body).toMatchObject({ recipe_id: stew.id, servings: 6 });
    expect(await rowById("meal_plan_entries", entry.id)).toMatchObject({ recipe_id: stew.id, servings: 6 });
  });

  it("a deleted recipe takes its entries with it", async () => {
    const recipe = await makeRecipeWith(owner, []);
    const entry = await makeEntry(owner, { date: "2026-12-07", meal: "lunch", recipe_id: recipe.id });
    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token })).status).toBe(204);
    expect(await rowById("meal_plan_entries", entry.id)).toBeUndefined();
  });
});

describe("POST /shopping-lists/<id>/meal-plan", () => {
  it("adds every entry of those days as a recipe at its servings, and only those days", async () => {
    const user = await makeUser();
    const flour = await makeIngredient();
    const cheese = await makeIngredient();
    const pizza = await makeRecipeWith(user, [[flour.id, 200, "2 cups"]], { servings: 2 });
    const pie = await makeRecipeWith(
      user,
      [
        [flour.id, 100],
        [cheese.id, 50],
      ],
      { servings: 4 },
    );
    await makeEntry(user, { date: "2027-05-03", meal: "dinner", recipe_id: pizza.id, servings: 4 });
    await makeEntry(user, { date: "2027-05-05", meal: "dinner", recipe_id: pie.id });
    await makeEntry(user, { date: "2027-05-10", meal: "dinner", recipe_id: pie.id });
    await makeEntry(other, { date: "2027-05-04", meal: "dinner", recipe_id: pie.id });
    const list = await makeList(user);
    const res = await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: user.token,
      json: { from: "2027-05-03", to: "2027-05-09" },
    });
    expect(res.status).toBe(200);
    expect(res.body.recipes).toEqual([
      { recipe_id: pizza.id, title: pizza.title, servings: 4 },
      { recipe_id: pie.id, title: pie.title, servings: 4 },
    ]);
    expect(itemsOf(res.body).map((i) => [i.ingredient_id, i.amount_grams, i.recipe_ids])).toEqual(
      expect.arrayContaining([
        [flour.id, 500, [pizza.id, pie.id]],
        [cheese.id, 50, [pie.id]],
      ]),
    );
    // An admin adding days to the user's list adds the user's plan.
    const again = await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: admin.token,
      json: { from: "2027-05-10", to: "2027-05-10" },
    });
    expect(again.body.recipes).toEqual([
      { recipe_id: pizza.id, title: pizza.title, servings: 4 },
      { recipe_id: pie.id, title: pie.title, servings: 8 },
    ]);
  });

  it("a recipe that lost its servings since it was planned is added as written", async () => {
    const user = await makeUser();
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(user, [[flour.id, 100]], { servings: 2 });
    await makeEntry(user, { date: "2027-06-01", meal: "lunch", recipe_id: recipe.id, servings: 6 });
    await api("PUT", `/recipes/${recipe.id}`, { token: user.token, json: { servings: null } });
    const list = await makeList(user);
    const res = await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: user.token,
      json: { from: "2027-06-01", to: "2027-06-01" },
    });
    expect(res.body.recipes).toEqual([{ recipe_id: recipe.id, title: recipe.title, servings: null }]);
    expect(itemsOf(res.body)[0]?.amount_grams).toBe(100);
  });

  it("expand applies to each entry; a cycle is a 422 and nothing is written", async () => {
    const user = await makeUser();
    const flour = await makeIngredient();
    const dough = await makeRecipeWith(user, [[flour.id, 100]]);
    const doughIngredient = await makeIngredient({ recipe_id: dough.id });
    const pizza = await makeRecipeWith(user, [[doughIngredient.id, 300]]);
    await makeEntry(user, { date: "2027-07-01", meal: "dinner", recipe_id: pizza.id });
    const list = await makeList(user);
    const res = await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: user.token,
      json: { from: "2027-07-01", to: "2027-07-01", expand: true },
    });
    expect(itemsOf(res.body).map((i) => [i.ingredient_id, i.amount_grams])).toEqual([[flour.id, 300]]);

    const selfIngredient = await makeIngredient({ recipe_id: pizza.id });
    await api("PUT", `/recipes/${dough.id}`, {
      token: user.token,
      json: { ingredients: [{ ingredient_id: selfIngredient.id, amount_grams: 5, amount_readable: "" }] },
    });
    const other = await makeList(user);
    const cycle = await api("POST", `/shopping-lists/${other.id}/meal-plan`, {
      token: user.token,
      json: { from: "2027-07-01", to: "2027-07-01", expand: true },
    });
    expect(problem(cycle, 422).detail).toMatch(/^Recipe ID \d+ contains itself\.$/);
    expect((await api("GET", `/shopping-lists/${other.id}`, { token: user.token })).body.recipes).toEqual([]);
  });

  it("checks the range (422 with a sentence) and the body", async () => {
    const list = await makeList(owner);
    const post = (json: unknown) =>
      api("POST", `/shopping-lists/${list.id}/meal-plan`, { token: owner.token, json });
    expect(problem(await post({ from: "2027-01-10", to: "2027-01-01" }), 422)).toMatchObject({
      detail: "'to' (2027-01-01) is before 'from' (2027-01-10).",
      errors: [{ path: "to" }],
    });
    expect(problem(await post({ from: "2027-01-01", to: "2027-04-01" }), 422).detail).toBe(
      "'from' and 'to' may be at most 62 days apart; these are 90.",
    );
    expect(problem(await post({ from: "2027-01-01" }), 422).errors).toEqual([
      expect.objectContaining({ path: "to" }),
    ]);
    problem(await post({ from: "2027-01-01", to: "2027-01-02", servings: 2 }), 422);
    const empty = await post({ from: "2027-01-01", to: "2027-01-02" });
    expect(empty.status).toBe(200);
    expect(empty.body.recipes).toEqual([]);
  });
});

describe("shared with a household", () => {
  const entryOn = (user: TestUser, recipeId: number, fields: { date?: string; household_id?: number } = {}) =>
    makeEntry(user, { date: fields.date ?? "2026-12-14", meal: "dinner", recipe_id: recipeId, ...fields });

  it("is planned in a household of the caller's; another is a 403, an unknown one a 422", async () => {
    const recipe = await makeRecipeWith(owner, [], { servings: 2 });
    const household = await makeHousehold(owner);
    const res = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "2026-12-14", meal: "lunch", recipe_id: recipe.id, household_id: household.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: owner.id, household_id: household.id });
    expect(await rowById("meal_plan_entries", res.body.id)).toMatchObject({ household_id: household.id });
    const theirs = await makeHousehold(other);
    const refused = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "2026-12-14", meal: "lunch", recipe_id: recipe.id, household_id: theirs.id },
    });
    expect(problem(refused, 403).detail).toBe(`Household ID ${theirs.id} belongs to other users.`);
    const unknown = await api("POST", "/meal-plan", {
      token: owner.token,
      json: { date: "2026-12-14", meal: "lunch", recipe_id: recipe.id, household_id: 2_000_000_000 },
    });
    expect(problem(unknown, 422)).toMatchObject({
      detail: "Household ID 2000000000 was not found.",
      errors: [{ path: "household_id" }],
    });
  });

  it("GET gives one's own entries and every entry of one's households; ?household_id= only that household's", async () => {
    const [cook, partner] = [await makeUser(), await makeUser()];
    const household = await makeHousehold(cook, [partner]);
    const recipe = await makeRecipeWith(cook, [], { servings: 2 });
    const own = await entryOn(cook, recipe.id, { date: "2026-12-14" });
    const shared = await entryOn(partner, recipe.id, { date: "2026-12-15", household_id: household.id });
    await entryOn(partner, recipe.id, { date: "2026-12-16" });
    const range = "from=2026-12-14&to=2026-12-20";
    const all = await api("GET", `/meal-plan?${range}`, { token: cook.token });
    expect(all.body.items.map((e: { id: number }) => e.id)).toEqual([own.id, shared.id]);
    const only = await api("GET", `/meal-plan?${range}&household_id=${household.id}`, { token: cook.token });
    expect(only.body.items).toEqual([expect.objectContaining({ id: shared.id, user_id: partner.id })]);
    const theirs = await makeHousehold(other);
    expect(
      problem(await api("GET", `/meal-plan?household_id=${theirs.id}`, { token: cook.token }), 403).detail,
    ).toBe(`Household ID ${theirs.id} belongs to other users.`);
    expect(
      problem(await api("GET", "/meal-plan?household_id=2000000000", { token: cook.token }), 422).detail,
    ).toBe("Household ID 2000000000 was not found.");
  });

  it("members change and delete the household's entries; only the creator or an admin moves one", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const recipe = await makeRecipeWith(owner, [], { servings: 2 });
    const entry = await entryOn(owner, recipe.id, { household_id: household.id });
    const changed = await api("PUT", `/meal-plan/${entry.id}`, {
      token: member.token,
      json: { servings: 6 },
    });
    expect(changed.body).toMatchObject({ servings: 6, user_id: owner.id, household_id: household.id });
    const move = await api("PUT", `/meal-plan/${entry.id}`, {
      token: member.token,
      json: { household_id: null },
    });
    expect(problem(move, 403).detail).toBe(
      `Only the creator of meal plan entry ID ${entry.id} or an admin may move it.`,
    );
    expect(
      problem(await api("PUT", `/meal-plan/${entry.id}`, { token: other.token, json: { servings: 1 } }), 403)
        .detail,
    ).toBe(`Meal plan entry ID ${entry.id} belongs to another user.`);
    const moved = await api("PUT", `/meal-plan/${entry.id}`, {
      token: owner.token,
      json: { household_id: null },
    });
    expect(moved.body.household_id).toBeNull();
    expect(problem(await api("DELETE", `/meal-plan/${entry.id}`, { token: member.token }), 403).detail).toBe(
      `Meal plan entry ID ${entry.id} belongs to another user.`,
    );
    await api("PUT", `/meal-plan/${entry.id}`, { token: owner.token, json: { household_id: household.id } });
    expect((await api("DELETE", `/meal-plan/${entry.id}`, { token: member.token })).status).toBe(204);
    expect(await rowById("meal_plan_entries", entry.id)).toBeUndefined();
  });

  it("a household's list takes the household's plan for its days", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 100]], { servings: 2 });
    await entryOn(member, recipe.id, { date: "2026-12-21", household_id: household.id });
    await entryOn(owner, recipe.id, { date: "2026-12-21" });
    const list = await makeList(owner, { household_id: household.id });
    const res = await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: member.token,
      json: { from: "2026-12-21", to: "2026-12-21" },
    });
    expect(itemsOf(res.body)).toEqual([
      expect.objectContaining({ ingredient_id: flour.id, amount_grams: 100 }),
    ]);
    const own = await makeList(owner);
    const ownRes = await api("POST", `/shopping-lists/${own.id}/meal-plan`, {
      token: owner.token,
      json: { from: "2026-12-21", to: "2026-12-21" },
    });
    expect(itemsOf(ownRes.body)).toEqual([
      expect.objectContaining({ ingredient_id: flour.id, amount_grams: 100 }),
    ]);
  });

  it("a creator who left the household gets their own plan on their list, never the household's", async () => {
    const leaver = await makeUser();
    const household = await makeHousehold(owner, [leaver]);
    const [flour, sugar] = [await makeIngredient(), await makeIngredient()];
    const theirs = await makeRecipeWith(owner, [[flour.id, 100]], { servings: 2 });
    const mine = await makeRecipeWith(leaver, [[sugar.id, 50]], { servings: 2 });
    await entryOn(owner, theirs.id, { date: "2026-12-22", household_id: household.id });
    await entryOn(leaver, mine.id, { date: "2026-12-22" });
    const list = await makeList(leaver, { household_id: household.id });
    await api("DELETE", `/households/${household.id}/members/${leaver.id}`, { token: leaver.token });
    const res = await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: leaver.token,
      json: { from: "2026-12-22", to: "2026-12-22" },
    });
    expect(res.status).toBe(200);
    expect(itemsOf(res.body)).toEqual([
      expect.objectContaining({ ingredient_id: sugar.id, amount_grams: 50 }),
    ]);
  });
});
