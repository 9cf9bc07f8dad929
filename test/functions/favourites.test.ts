/**
 * PUT and DELETE /recipes/<id>/favourite through the real pipeline: each role, idempotency, not
 * found, the database afterwards, and `favourite` on the reads that follow (a signed-in caller's;
 * absent for Public).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, makeRecipe, type TestUser } from "../helpers/factories.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const favouriteRows = (recipeId: number) =>
  getDb()
    .selectFrom("favourites")
    .select(["user_id", "recipe_id"])
    .where("recipe_id", "=", recipeId)
    .orderBy("user_id")
    .execute();

describe("PUT /recipes/<id>/favourite", () => {
  it("makes any recipe the caller's favourite, twice is once, and the reads say so to them alone", async () => {
    const recipe = await makeRecipe(owner);
    const first = await api("PUT", `/recipes/${recipe.id}/favourite`, { token: other.token });
    expect(first.status).toBe(204);
    expect(first.raw.length).toBe(0);
    const again = await api("PUT", `/recipes/${recipe.id}/favourite/`, { token: other.token });
    expect(again.status).toBe(204);
    expect(await favouriteRows(recipe.id)).toEqual([{ user_id: other.id, recipe_id: recipe.id }]);

    expect((await api("GET", `/recipes/${recipe.id}`, { token: other.token })).body.favourite).toBe(true);
    expect((await api("GET", `/recipes/${recipe.id}`, { token: owner.token })).body.favourite).toBe(false);
    const publicRead = await api("GET", `/recipes/${recipe.id}`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.body).not.toHaveProperty("favourite");
    expect(publicRead.body).not.toHaveProperty("last_cooked");
    expect(publicRead.body).not.toHaveProperty("times_cooked");
    expect(publicRead.body.rating).toEqual({ average: null, count: 0, mine: null });
  });

  it("an admin and the owner have favourites of their own", async () => {
    const recipe = await makeRecipe(owner);
    for (const user of [owner, admin]) {
      expect((await api("PUT", `/recipes/${recipe.id}/favourite`, { token: user.token })).status).toBe(204);
    }
    expect(await favouriteRows(recipe.id)).toEqual(
      [owner, admin]
        .map((u) => ({ user_id: u.id, recipe_id: recipe.id }))
        .sort((a, b) => a.user_id - b.user_id),
    );
  });

  it("Public is a 401 and writes nothing", async () => {
    const recipe = await makeRecipe(owner);
    expect(problem(await api("PUT", `/recipes/${recipe.id}/favourite`), 401).detail).toBe(
      "Not authenticated.",
    );
    expect(await favouriteRows(recipe.id)).toEqual([]);
  });

  it("a recipe that does not exist is a 404 in the contract's words", async () => {
    const res = await api("PUT", "/recipes/2147483647/favourite", { token: other.token });
    expect(problem(res, 404).detail).toBe("Recipe ID 2147483647 was not found.");
    const bad = await api("PUT", "/recipes/abc/favourite", { token: other.token });
    expect(problem(bad, 404).detail).toBe("Recipe ID 'abc' was not found.");
  });

  it("a read-only API token may not", async () => {
    const recipe = await makeRecipe(owner);
    const made = await api("POST", "/users/me/tokens", {
      token: other.token,
      json: { name: "reader", scope: "read" },
    });
    expect(made.status).toBe(201);
    const res = await api("PUT", `/recipes/${recipe.id}/favourite`, { token: made.body.token });
    expect(res.status).toBe(403);
    expect(await favouriteRows(recipe.id)).toEqual([]);
  });
});

describe("DELETE /recipes/<id>/favourite", () => {
  it("takes the caller's favourite away, leaves others' alone, and twice is a 204 too", async () => {
    const recipe = await makeRecipe(owner);
    await api("PUT", `/recipes/${recipe.id}/favourite`, { token: other.token });
    await api("PUT", `/recipes/${recipe.id}/favourite`, { token: owner.token });
    const res = await api("DELETE", `/recipes/${recipe.id}/favourite`, { token: other.token });
    expect(res.status).toBe(204);
    expect(await favouriteRows(recipe.id)).toEqual([{ user_id: owner.id, recipe_id: recipe.id }]);
    expect((await api("DELETE", `/recipes/${recipe.id}/favourite`, { token: other.token })).status).toBe(204);
    expect((await api("GET", `/recipes/${recipe.id}`, { token: other.token })).body.favourite).toBe(false);
    expect((await api("GET", `/recipes/${recipe.id}`, { token: owner.token })).body.favourite).toBe(true);
  });

  it("Public is a 401; a recipe that does not exist is a 404", async () => {
    const recipe = await makeRecipe(owner);
    await api("PUT", `/recipes/${recipe.id}/favourite`, { token: owner.token });
    expect(problem(await api("DELETE", `/recipes/${recipe.id}/favourite`), 401).detail).toBe(
      "Not authenticated.",
    );
    expect(await favouriteRows(recipe.id)).toHaveLength(1);
    const missing = await api("DELETE", "/recipes/2147483647/favourite", { token: owner.token });
    expect(problem(missing, 404).detail).toBe("Recipe ID 2147483647 was not found.");
  });

  it("deleting the recipe takes its favourites with it", async () => {
    const recipe = await makeRecipe(owner);
    await api("PUT", `/recipes/${recipe.id}/favourite`, { token: other.token });
    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token })).status).toBe(204);
    expect(await favouriteRows(recipe.id)).toEqual([]);
  });
});

describe("favourite on the recipe answers", () => {
  it("create and update answer favourite false, then true once it is one", async () => {
    const created = await api("POST", "/recipes", { token: owner.token, json: { title: "Fav soup" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      favourite: false,
      rating: { average: null, count: 0, mine: null },
      last_cooked: null,
      times_cooked: 0,
    });
    await api("PUT", `/recipes/${created.body.id}/favourite`, { token: owner.token });
    const updated = await api("PUT", `/recipes/${created.body.id}`, {
      token: owner.token,
      json: { title: "Fav soup, again" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.favourite).toBe(true);
  });
});
