/**
 * PUT and DELETE /recipes/<id>/rating through the real pipeline: each role, bad stars, replacing a
 * rating, idempotent deletes, not found, the database afterwards, and `rating` on the reads (the
 * average to 1 decimal and the count for everyone, `mine` for the caller).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, makeRecipe, makeUser, type TestUser } from "../helpers/factories.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const ratingRows = (recipeId: number) =>
  getDb()
    .selectFrom("ratings")
    .select(["user_id", "stars"])
    .where("recipe_id", "=", recipeId)
    .orderBy("user_id")
    .execute();

const rate = (user: TestUser, recipeId: number, stars: unknown) =>
  api("PUT", `/recipes/${recipeId}/rating`, { token: user.token, json: { stars } });

describe("PUT /recipes/<id>/rating", () => {
  it("keeps the caller's stars, a second rating replaces the first", async () => {
    const recipe = await makeRecipe(owner);
    const res = await rate(other, recipe.id, 4);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stars: 4 });
    expect(await ratingRows(recipe.id)).toEqual([{ user_id: other.id, stars: 4 }]);
    const again = await rate(other, recipe.id, 2);
    expect(again.body).toEqual({ stars: 2 });
    expect(await ratingRows(recipe.id)).toEqual([{ user_id: other.id, stars: 2 }]);
    // The same stars again: a 200, and one row still.
    expect((await rate(other, recipe.id, 2)).status).toBe(200);
    expect(await ratingRows(recipe.id)).toHaveLength(1);
  });

  it("reads carry the average to 1 decimal, the count and the caller's own", async () => {
    const recipe = await makeRecipe(owner);
    const third = await makeUser();
    await rate(owner, recipe.id, 5);
    await rate(other, recipe.id, 4);
    await rate(third, recipe.id, 4);
    // (5 + 4 + 4) / 3 = 4.333…
    const asOther = await api("GET", `/recipes/${recipe.id}`, { token: other.token });
    expect(asOther.body.rating).toEqual({ average: 4.3, count: 3, mine: 4 });
    const asOwner = await api("GET", `/recipes/${recipe.id}`, { token: owner.token });
    expect(asOwner.body.rating).toEqual({ average: 4.3, count: 3, mine: 5 });
    const asAdmin = await api("GET", `/recipes/${recipe.id}`, { token: admin.token });
    expect(asAdmin.body.rating).toEqual({ average: 4.3, count: 3, mine: null });
    const asPublic = await api("GET", `/recipes/${recipe.id}`);
    expect(asPublic.body.rating).toEqual({ average: 4.3, count: 3, mine: null });
    const listed = await api("GET", `/recipes?user_id=${owner.id}&limit=100`, { token: other.token });
    const summary = listed.body.items.find((r: { id: number }) => r.id === recipe.id);
    expect(summary.rating).toEqual({ average: 4.3, count: 3, mine: 4 });
    // A whole average reads as a number too: (5 + 4 + 4 + 3) / 4 = 4.0
    await rate(admin, recipe.id, 3);
    expect((await api("GET", `/recipes/${recipe.id}`)).body.rating).toEqual({
      average: 4,
      count: 4,
      mine: null,
    });
  });

  it.each([
    [0, "stars"],
    [6, "stars"],
    [2.5, "stars"],
    ["x", "stars"],
    [null, "stars"],
  ])("stars %j is a 422 naming the field, and nothing is written", async (stars, path) => {
    const recipe = await makeRecipe(owner);
    const body = problem(await rate(other, recipe.id, stars), 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toEqual([expect.objectContaining({ path })]);
    expect(await ratingRows(recipe.id)).toEqual([]);
  });

  it("no stars, an unknown field or no body at all is a 422", async () => {
    const recipe = await makeRecipe(owner);
    expect(
      problem(await api("PUT", `/recipes/${recipe.id}/rating`, { token: other.token, json: {} }), 422),
    ).toMatchObject({ errors: [expect.objectContaining({ path: "stars" })] });
    const extra = await api("PUT", `/recipes/${recipe.id}/rating`, {
      token: other.token,
      json: { stars: 3, user_id: owner.id },
    });
    expect(problem(extra, 422).errors).toEqual([expect.objectContaining({ path: "user_id" })]);
    const none = await api("PUT", `/recipes/${recipe.id}/rating`, { token: other.token });
    expect(problem(none, 422).detail).toBe("Request body is required.");
    expect(await ratingRows(recipe.id)).toEqual([]);
  });

  it("Public is a 401; a recipe that does not exist is a 404", async () => {
    const recipe = await makeRecipe(owner);
    const anonymous = await api("PUT", `/recipes/${recipe.id}/rating`, { json: { stars: 5 } });
    expect(problem(anonymous, 401).detail).toBe("Not authenticated.");
    expect(await ratingRows(recipe.id)).toEqual([]);
    const missing = await rate(other, 2147483647, 5);
    expect(problem(missing, 404).detail).toBe("Recipe ID 2147483647 was not found.");
  });
});

describe("each recipe's sum and count (recipe_ratings, kept by a trigger)", () => {
  /** The kept row, and the same figures counted from ratings itself. */
  const summaryOf = async (recipeId: number) => {
    const kept = await getDb()
      .selectFrom("recipe_ratings")
      .select(["stars_sum", "count", "average"])
      .where("recipe_id", "=", recipeId)
      .executeTakeFirst();
    const rows = await ratingRows(recipeId);
    const counted = rows.length
      ? {
          stars_sum: rows.reduce((sum, r) => sum + r.stars, 0),
          count: rows.length,
          average: (Math.round((10 * rows.reduce((sum, r) => sum + r.stars, 0)) / rows.length) / 10).toFixed(
            1,
          ),
        }
      : undefined;
    return { kept: kept && { ...kept, average: Number(kept.average).toFixed(1) }, counted };
  };

  it("follows every rating, change, take-back and deleted account, and goes with the last rating", async () => {
    const recipe = await makeRecipe(owner);
    const leaving = await makeUser();
    const steps: (() => Promise<unknown>)[] = [
      () => rate(other, recipe.id, 4),
      () => rate(owner, recipe.id, 1),
      () => rate(leaving, recipe.id, 5),
      () => rate(other, recipe.id, 2),
      () => rate(other, recipe.id, 2),
      () => api("DELETE", `/recipes/${recipe.id}/rating`, { token: owner.token }),
      () => api("DELETE", `/users/${leaving.id}`, { token: admin.token }),
    ];
    for (const step of steps) {
      await step();
      const { kept, counted } = await summaryOf(recipe.id);
      expect(kept).toEqual(counted);
    }
    expect((await summaryOf(recipe.id)).kept).toEqual({ stars_sum: 2, count: 1, average: "2.0" });
    await api("DELETE", `/recipes/${recipe.id}/rating`, { token: other.token });
    expect(await summaryOf(recipe.id)).toEqual({ kept: undefined, counted: undefined });
  });

  it("goes with its recipe", async () => {
    const recipe = await makeRecipe(owner);
    await rate(other, recipe.id, 3);
    expect((await summaryOf(recipe.id)).kept).toBeDefined();
    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token })).status).toBe(204);
    expect(await summaryOf(recipe.id)).toEqual({ kept: undefined, counted: undefined });
  });
});

describe("DELETE /recipes/<id>/rating", () => {
  it("takes the caller's rating back, leaves the others', twice is a 204 too", async () => {
    const recipe = await makeRecipe(owner);
    await rate(owner, recipe.id, 1);
    await rate(other, recipe.id, 5);
    const res = await api("DELETE", `/recipes/${recipe.id}/rating`, { token: other.token });
    expect(res.status).toBe(204);
    expect(await ratingRows(recipe.id)).toEqual([{ user_id: owner.id, stars: 1 }]);
    expect((await api("DELETE", `/recipes/${recipe.id}/rating`, { token: other.token })).status).toBe(204);
    const read = await api("GET", `/recipes/${recipe.id}`, { token: other.token });
    expect(read.body.rating).toEqual({ average: 1, count: 1, mine: null });
  });

  it("Public is a 401; a recipe that does not exist is a 404", async () => {
    const recipe = await makeRecipe(owner);
    await rate(owner, recipe.id, 3);
    expect(problem(await api("DELETE", `/recipes/${recipe.id}/rating`), 401).detail).toBe(
      "Not authenticated.",
    );
    expect(await ratingRows(recipe.id)).toHaveLength(1);
    const missing = await api("DELETE", "/recipes/2147483647/rating", { token: owner.token });
    expect(problem(missing, 404).detail).toBe("Recipe ID 2147483647 was not found.");
  });

  it("deleting a user takes their ratings out of the average", async () => {
    const recipe = await makeRecipe(owner);
    const leaving = await makeUser();
    await rate(leaving, recipe.id, 1);
    await rate(owner, recipe.id, 5);
    expect((await api("DELETE", `/users/${leaving.id}`, { token: admin.token })).status).toBe(204);
    expect(await ratingRows(recipe.id)).toEqual([{ user_id: owner.id, stars: 5 }]);
    expect((await api("GET", `/recipes/${recipe.id}`)).body.rating).toEqual({
      average: 5,
      count: 1,
      mine: null,
    });
  });
});
