/**
 * The cooked log through the real pipeline: POST /recipes/<id>/cooked, GET /cooked (filters, order,
 * pages), GET and DELETE /cooked/<id>: each role, ownership, household sharing (a member sees the
 * entry and `last_cooked`), bad input, not found, and the database afterwards.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { todayUtc } from "../../core/cooked/service.ts";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import { makeCast, makeHousehold, makeRecipe, makeUser, type TestUser } from "../helpers/factories.ts";
import { rowById } from "../helpers/rows.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const cook = (user: TestUser, recipeId: number, json: Record<string, unknown> = {}) =>
  api("POST", `/recipes/${recipeId}/cooked`, { token: user.token, json });

const cookedRows = (recipeId: number) =>
  getDb().selectFrom("cooked").selectAll().where("recipe_id", "=", recipeId).orderBy("id").execute();

describe("POST /recipes/<id>/cooked", () => {
  it("notes the day, servings and note, with a Location, and the reads count it", async () => {
    const recipe = await makeRecipe(owner, { servings: 4 });
    const res = await cook(other, recipe.id, { date: "2026-11-20", servings: 2, note: "  less salt  " });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/cooked/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      recipe_id: recipe.id,
      user_id: other.id,
      date: "2026-11-20",
      servings: 2,
      note: "less salt",
      household_id: null,
      title: recipe.title,
      preview_img: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(await rowById("cooked", res.body.id)).toMatchObject({
      recipe_id: recipe.id,
      user_id: other.id,
      servings: 2,
      note: "less salt",
      household_id: null,
    });
    const read = await api("GET", `/recipes/${recipe.id}`, { token: other.token });
    expect(read.body).toMatchObject({ last_cooked: "2026-11-20", times_cooked: 1 });
    // Another user's log is not the owner's.
    const ownerRead = await api("GET", `/recipes/${recipe.id}`, { token: owner.token });
    expect(ownerRead.body).toMatchObject({ last_cooked: null, times_cooked: 0 });
  });

  it("without a body field: today (UTC), the recipe's own servings, an empty note, private", async () => {
    const recipe = await makeRecipe(owner, { servings: 6 });
    const before = todayUtc();
    const res = await cook(owner, recipe.id);
    expect(res.status).toBe(201);
    expect([before, todayUtc()]).toContain(res.body.date);
    expect(res.body).toMatchObject({ servings: 6, note: "", household_id: null });
    const none = await makeRecipe(owner, { servings: null });
    expect((await cook(owner, none.id)).body.servings).toBeNull();
    expect((await cook(owner, recipe.id, { servings: null })).body.servings).toBeNull();
  });

  it("an admin notes theirs like anyone", async () => {
    const recipe = await makeRecipe(owner);
    const res = await cook(admin, recipe.id, { date: "2026-01-01" });
    expect(res.status).toBe(201);
    expect(res.body.user_id).toBe(admin.id);
  });

  it.each([
    [{ date: "2026-13-45" }, "date"],
    [{ date: "2026-02-30" }, "date"],
    [{ date: "yesterday" }, "date"],
    [{ servings: 0 }, "servings"],
    [{ servings: 1.5 }, "servings"],
    [{ servings: 10_001 }, "servings"],
    [{ note: "x".repeat(501) }, "note"],
    [{ note: 5 }, "note"],
    [{ household_id: "one" }, "household_id"],
    [{ recipe_id: 1 }, "recipe_id"],
  ])("%j is a 422 naming '%s', and nothing is written", async (json, path) => {
    const recipe = await makeRecipe(owner);
    const body = problem(await cook(owner, recipe.id, json), 422);
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.errors).toEqual(body.errors?.map(() => expect.objectContaining({ path })));
    expect(await cookedRows(recipe.id)).toEqual([]);
  });

  it("a note of 500 characters is kept whole", async () => {
    const recipe = await makeRecipe(owner);
    const res = await cook(owner, recipe.id, { note: "y".repeat(500) });
    expect(res.status).toBe(201);
    expect(res.body.note).toHaveLength(500);
  });

  it("a household the caller is not in is a 403, one that does not exist a 422", async () => {
    const recipe = await makeRecipe(owner);
    const theirs = await makeHousehold(other);
    const refused = await cook(owner, recipe.id, { household_id: theirs.id });
    expect(problem(refused, 403).detail).toBe(`Household ID ${theirs.id} belongs to other users.`);
    const unknown = await cook(owner, recipe.id, { household_id: 2147483647 });
    expect(problem(unknown, 422).detail).toBe("Household ID 2147483647 was not found.");
    expect(await cookedRows(recipe.id)).toEqual([]);
  });

  it("Public is a 401; a recipe that does not exist is a 404", async () => {
    const recipe = await makeRecipe(owner);
    const anonymous = await api("POST", `/recipes/${recipe.id}/cooked`, { json: {} });
    expect(problem(anonymous, 401).detail).toBe("Not authenticated.");
    const missing = await cook(owner, 2147483647);
    expect(problem(missing, 404).detail).toBe("Recipe ID 2147483647 was not found.");
    expect(await cookedRows(recipe.id)).toEqual([]);
  });
});

describe("household sharing", () => {
  it("a member sees a shared entry in their log and in last_cooked; a private one stays private", async () => {
    const cookA = await makeUser();
    const member = await makeUser();
    const outsider = await makeUser();
    const household = await makeHousehold(cookA, [member]);
    const recipe = await makeRecipe(owner);
    const shared = await cook(cookA, recipe.id, { date: "2026-10-01", household_id: household.id });
    expect(shared.status).toBe(201);
    expect(shared.body.household_id).toBe(household.id);
    const hidden = await cook(cookA, recipe.id, { date: "2026-10-05" });

    const memberLog = await api("GET", "/cooked", { token: member.token });
    expect(memberLog.body.items.map((e: { id: number }) => e.id)).toEqual([shared.body.id]);
    const memberRead = await api("GET", `/recipes/${recipe.id}`, { token: member.token });
    expect(memberRead.body).toMatchObject({ last_cooked: "2026-10-01", times_cooked: 1 });
    const cookRead = await api("GET", `/recipes/${recipe.id}`, { token: cookA.token });
    expect(cookRead.body).toMatchObject({ last_cooked: "2026-10-05", times_cooked: 2 });
    const outsiderRead = await api("GET", `/recipes/${recipe.id}`, { token: outsider.token });
    expect(outsiderRead.body).toMatchObject({ last_cooked: null, times_cooked: 0 });
    expect((await api("GET", "/cooked", { token: outsider.token })).body.items).toEqual([]);

    // GET one: the maker, a member, an admin; anyone else 403.
    expect((await api("GET", `/cooked/${shared.body.id}`, { token: member.token })).body).toEqual(
      shared.body,
    );
    expect((await api("GET", `/cooked/${shared.body.id}`, { token: admin.token })).status).toBe(200);
    expect(problem(await api("GET", `/cooked/${hidden.body.id}`, { token: member.token }), 403).detail).toBe(
      `Cooked entry ID ${hidden.body.id} belongs to another user.`,
    );
    expect((await api("GET", `/cooked/${hidden.body.id}`, { token: cookA.token })).status).toBe(200);

    // A member who did not make it may not delete it.
    const refused = await api("DELETE", `/cooked/${shared.body.id}`, { token: member.token });
    expect(problem(refused, 403).detail).toBe(`Cooked entry ID ${shared.body.id} belongs to another user.`);
    expect(await rowById("cooked", shared.body.id)).toBeDefined();
  });

  it("a member's own entry shared with the household shows in the other member's last_cooked", async () => {
    const first = await makeUser();
    const second = await makeUser();
    const household = await makeHousehold(first, [second]);
    const recipe = await makeRecipe(owner);
    await cook(second, recipe.id, { date: "2026-09-09", household_id: household.id });
    await cook(first, recipe.id, { date: "2026-09-01", household_id: household.id });
    const read = await api("GET", `/recipes/${recipe.id}`, { token: first.token });
    expect(read.body).toMatchObject({ last_cooked: "2026-09-09", times_cooked: 2 });
  });

  it("deleting the household leaves its entries to their makers, private", async () => {
    const maker = await makeUser();
    const member = await makeUser();
    const household = await makeHousehold(maker, [member]);
    const recipe = await makeRecipe(owner);
    const entry = await cook(maker, recipe.id, { household_id: household.id });
    expect((await api("DELETE", `/households/${household.id}`, { token: maker.token })).status).toBe(204);
    expect(await rowById("cooked", entry.body.id)).toMatchObject({ user_id: maker.id, household_id: null });
    expect((await api("GET", "/cooked", { token: member.token })).body.items).toEqual([]);
    expect(
      (await api("GET", "/cooked", { token: maker.token })).body.items.map((e: { id: number }) => e.id),
    ).toEqual([entry.body.id]);
  });
});

describe("GET /cooked", () => {
  it("newest day first (then the newest entry), filtered by days and recipe, page by page", async () => {
    const user = await makeUser();
    const soup = await makeRecipe(owner);
    const stew = await makeRecipe(owner);
    const days = ["2026-03-01", "2026-03-05", "2026-03-05", "2026-03-10", "2026-02-27"];
    const ids: number[] = [];
    for (const [i, date] of days.entries()) {
      ids.push((await cook(user, i % 2 === 0 ? soup.id : stew.id, { date })).body.id);
    }
    const all = await api("GET", "/cooked/", { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.items.map((e: { id: number }) => e.id)).toEqual([ids[3], ids[2], ids[1], ids[0], ids[4]]);

    const paged = await collectPages((cursor) =>
      api("GET", `/cooked?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: user.token }),
    );
    expect(paged).toEqual([ids[3], ids[2], ids[1], ids[0], ids[4]]);

    const march = await api("GET", "/cooked?from=2026-03-01&to=2026-03-05", { token: user.token });
    expect(march.body.items.map((e: { id: number }) => e.id)).toEqual([ids[2], ids[1], ids[0]]);
    const fromOnly = await api("GET", "/cooked?from=2026-03-06", { token: user.token });
    expect(fromOnly.body.items.map((e: { id: number }) => e.id)).toEqual([ids[3]]);
    const toOnly = await api("GET", "/cooked?to=2026-02-28", { token: user.token });
    expect(toOnly.body.items.map((e: { id: number }) => e.id)).toEqual([ids[4]]);
    const soupOnly = await api("GET", `/cooked?recipe_id=${soup.id}`, { token: user.token });
    expect(soupOnly.body.items.map((e: { id: number }) => e.id)).toEqual([ids[2], ids[0], ids[4]]);
    const noSuchRecipe = await api("GET", "/cooked?recipe_id=2147483647", { token: user.token });
    expect(noSuchRecipe.body).toEqual({ items: [], next_cursor: null });
  });

  it("an admin reads their own log, not everyone's", async () => {
    const user = await makeUser();
    const recipe = await makeRecipe(owner);
    const entry = await cook(user, recipe.id);
    const log = await api("GET", `/cooked?recipe_id=${recipe.id}`, { token: admin.token });
    expect(log.body.items.map((e: { id: number }) => e.id)).not.toContain(entry.body.id);
  });

  it.each([
    ["from=2026-13-45", "from"],
    ["to=nope", "to"],
    ["recipe_id=abc", "recipe_id"],
    ["limit=0", "limit"],
    ["cursor=nonsense", "cursor"],
    ["other=1", "other"],
  ])("?%s is a 400", async (query) => {
    const res = await api("GET", `/cooked?${query}`, { token: owner.token });
    expect(problem(res, 400).detail).toMatch(/invalid/i);
  });

  it("'to' before 'from' is a 400 saying so", async () => {
    const res = await api("GET", "/cooked?from=2026-03-05&to=2026-03-01", { token: owner.token });
    expect(problem(res, 400).detail).toBe("'to' (2026-03-01) is before 'from' (2026-03-05).");
  });

  it("Public is a 401", async () => {
    expect(problem(await api("GET", "/cooked"), 401).detail).toBe("Not authenticated.");
  });
});

describe("DELETE /cooked/<id>", () => {
  it("its maker deletes it; again is a 404; the reads forget it", async () => {
    const recipe = await makeRecipe(owner);
    const entry = await cook(other, recipe.id, { date: "2026-04-04" });
    const res = await api("DELETE", `/cooked/${entry.body.id}`, { token: other.token });
    expect(res.status).toBe(204);
    expect(await rowById("cooked", entry.body.id)).toBeUndefined();
    const again = await api("DELETE", `/cooked/${entry.body.id}`, { token: other.token });
    expect(problem(again, 404).detail).toBe(`Cooked entry ID ${entry.body.id} was not found.`);
    const read = await api("GET", `/recipes/${recipe.id}`, { token: other.token });
    expect(read.body).toMatchObject({ last_cooked: null, times_cooked: 0 });
  });

  it("another user's entry is a 403 and stays; an admin deletes it", async () => {
    const recipe = await makeRecipe(owner);
    const entry = await cook(other, recipe.id);
    const refused = await api("DELETE", `/cooked/${entry.body.id}`, { token: owner.token });
    expect(problem(refused, 403).detail).toBe(`Cooked entry ID ${entry.body.id} belongs to another user.`);
    expect(await rowById("cooked", entry.body.id)).toBeDefined();
    expect((await api("DELETE", `/cooked/${entry.body.id}`, { token: admin.token })).status).toBe(204);
    expect(await rowById("cooked", entry.body.id)).toBeUndefined();
  });

  it("Public is a 401; an id that names nothing is a 404", async () => {
    const recipe = await makeRecipe(owner);
    const entry = await cook(other, recipe.id);
    expect(problem(await api("DELETE", `/cooked/${entry.body.id}`), 401).detail).toBe("Not authenticated.");
    expect(problem(await api("DELETE", "/cooked/abc", { token: other.token }), 404).detail).toBe(
      "Cooked entry ID 'abc' was not found.",
    );
    expect(problem(await api("GET", "/cooked/2147483647", { token: other.token }), 404).detail).toBe(
      "Cooked entry ID 2147483647 was not found.",
    );
  });

  it("deleting the recipe deletes its entries", async () => {
    const recipe = await makeRecipe(owner);
    const entry = await cook(other, recipe.id);
    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token })).status).toBe(204);
    expect(await rowById("cooked", entry.body.id)).toBeUndefined();
  });
});
