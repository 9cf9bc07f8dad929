/**
 * GET /recipes with what people did with the recipes: the summaries' `favourite`, `rating`,
 * `last_cooked` and `times_cooked`, `?favourite=`, `sort=rating` (best first, unrated last, then
 * newest) and `sort=last_cooked` (never cooked first, then the longest ago), page by page; Public's
 * 401s. Each test makes its own owner and lists only that owner's recipes (`?user_id=`), so other
 * tests' rows never mix in.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import { makeHousehold, makeRecipe, makeUser, type TestUser } from "../helpers/factories.ts";

let reader: TestUser;
let second: TestUser;

beforeAll(async () => {
  [reader, second] = await Promise.all([makeUser(), makeUser()]);
});

/** `count` recipes of a new owner, oldest first, created a second apart (so newest order is known). */
async function recipesOfNewOwner(count: number) {
  const owner = await makeUser();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await makeRecipe(owner)).id);
  for (const [i, id] of ids.entries()) {
    await sql`update recipes set created_at = timestamptz '2026-01-01 00:00:00+00' + ${i} * interval '1 second'
      where id = ${id}`.execute(getDb());
  }
  return { owner, ids };
}

const rate = (user: TestUser, recipeId: number, stars: number) =>
  api("PUT", `/recipes/${recipeId}/rating`, { token: user.token, json: { stars } });
const cook = (user: TestUser, recipeId: number, json: Record<string, unknown>) =>
  api("POST", `/recipes/${recipeId}/cooked`, { token: user.token, json });

const listIds = (path: string, token?: string) =>
  collectPages((cursor) =>
    api("GET", `${path}&limit=2${cursor ? `&cursor=${cursor}` : ""}`, token ? { token } : {}),
  );

describe("summaries", () => {
  it("carry favourite, rating, last_cooked and times_cooked for the signed-in caller", async () => {
    const { owner, ids } = await recipesOfNewOwner(2);
    const [plain, loved] = ids as [number, number];
    await api("PUT", `/recipes/${loved}/favourite`, { token: reader.token });
    await rate(reader, loved, 3);
    await rate(second, loved, 4);
    await cook(reader, loved, { date: "2026-05-01" });
    await cook(reader, loved, { date: "2026-05-03" });
    const res = await api("GET", `/recipes?user_id=${owner.id}`, { token: reader.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(loved)).toMatchObject({
      favourite: true,
      rating: { average: 3.5, count: 2, mine: 3 },
      last_cooked: "2026-05-03",
      times_cooked: 2,
    });
    expect(byId.get(plain)).toMatchObject({
      favourite: false,
      rating: { average: null, count: 0, mine: null },
      last_cooked: null,
      times_cooked: 0,
    });
    const anonymous = await api("GET", `/recipes?user_id=${owner.id}`);
    const publicLoved = anonymous.body.items.find((r: { id: number }) => r.id === loved);
    expect(publicLoved.rating).toEqual({ average: 3.5, count: 2, mine: null });
    expect(publicLoved).not.toHaveProperty("favourite");
    expect(publicLoved).not.toHaveProperty("last_cooked");
    expect(publicLoved).not.toHaveProperty("times_cooked");
  });

  it("a search carries them too", async () => {
    const owner = await makeUser();
    const recipe = await makeRecipe(owner, { title: "Quinceberry crumble" });
    await api("PUT", `/recipes/${recipe.id}/favourite`, { token: reader.token });
    const res = await api("GET", `/recipes?q=quinceberry&user_id=${owner.id}`, { token: reader.token });
    expect(res.body.items).toEqual([expect.objectContaining({ id: recipe.id, favourite: true })]);
  });
});

describe("?favourite=", () => {
  it("true lists the caller's favourites (newest first, page by page), false the others", async () => {
    const { owner, ids } = await recipesOfNewOwner(5);
    for (const id of [ids[0], ids[2], ids[3]]) {
      expect((await api("PUT", `/recipes/${id}/favourite`, { token: reader.token })).status).toBe(204);
    }
    await api("PUT", `/recipes/${ids[1]}/favourite`, { token: second.token });
    expect(await listIds(`/recipes?user_id=${owner.id}&favourite=true`, reader.token)).toEqual([
      ids[3],
      ids[2],
      ids[0],
    ]);
    expect(await listIds(`/recipes?user_id=${owner.id}&favourite=false`, reader.token)).toEqual([
      ids[4],
      ids[1],
    ]);
    expect(await listIds(`/recipes?user_id=${owner.id}&favourite=true&sort=title`, second.token)).toEqual([
      ids[1],
    ]);
  });

  it("Public is a 401 in the contract's words; a value other than true or false is a 400", async () => {
    const res = await api("GET", "/recipes?favourite=true");
    expect(problem(res, 401).detail).toBe("Not authenticated.");
    expect(problem(await api("GET", "/recipes?favourite=false"), 401).detail).toBe("Not authenticated.");
    const bad = await api("GET", "/recipes?favourite=yes", { token: reader.token });
    expect(problem(bad, 400).detail).toMatch(/^Query parameter 'favourite' is invalid/);
  });
});

describe("sort=rating", () => {
  it("best average first, ties newest first, unrated last (newest first), page by page, for Public too", async () => {
    const { owner, ids } = await recipesOfNewOwner(6);
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    await rate(reader, a, 5); // 5.0
    await rate(reader, b, 3);
    await rate(second, b, 4); // 3.5
    await rate(reader, c, 5); // 5.0, newer than a
    await rate(reader, e, 1); // 1.0
    // d and f unrated: f is newer.
    const expected = [c, a, b, e, f, d];
    expect(await listIds(`/recipes?user_id=${owner.id}&sort=rating`, reader.token)).toEqual(expected);
    expect(await listIds(`/recipes?user_id=${owner.id}&sort=rating`)).toEqual(expected);
    const whole = await api("GET", `/recipes?user_id=${owner.id}&sort=rating`, { token: reader.token });
    expect(whole.body.items.map((r: { id: number }) => r.id)).toEqual(expected);
    expect(whole.body.items[2].rating).toEqual({ average: 3.5, count: 2, mine: 3 });
  });

  it("combines with a filter and a search", async () => {
    const owner = await makeUser();
    const low = await makeRecipe(owner, { title: "Persimmon tart" });
    const high = await makeRecipe(owner, { title: "Persimmon pudding" });
    await makeRecipe(owner, { title: "Plain bread" });
    await rate(reader, low.id, 2);
    await rate(reader, high.id, 4);
    const res = await api("GET", `/recipes?q=persimmon&user_id=${owner.id}&sort=rating`, {
      token: reader.token,
    });
    expect(res.body.items.map((r: { id: number }) => r.id)).toEqual([high.id, low.id]);
    const favs = await api("GET", `/recipes?user_id=${owner.id}&sort=rating&favourite=true`, {
      token: reader.token,
    });
    expect(favs.body.items).toEqual([]);
  });

  it("a cursor of another sort, or a forged one, is a 400", async () => {
    const owner = await makeUser();
    await makeRecipe(owner);
    await makeRecipe(owner);
    const newest = await api("GET", `/recipes?user_id=${owner.id}&limit=1`);
    const cursor = newest.body.next_cursor as string;
    expect(problem(await api("GET", `/recipes?sort=rating&cursor=${cursor}`), 400).detail).toBe(
      "Cursor is invalid.",
    );
    const forged = Buffer.from(JSON.stringify(["rating", "0:9.9|2026-01-01 00:00:00+00", 1])).toString(
      "base64url",
    );
    expect(problem(await api("GET", `/recipes?sort=rating&cursor=${forged}`), 400).detail).toBe(
      "Cursor is invalid.",
    );
    const badDay = Buffer.from(
      JSON.stringify(["last_cooked", "1:2026-13-45|2026-01-01 00:00:00+00", 1]),
    ).toString("base64url");
    const res = await api("GET", `/recipes?sort=last_cooked&cursor=${badDay}`, { token: reader.token });
    expect(problem(res, 400).detail).toBe("Cursor is invalid.");
  });
});

describe("sort=last_cooked", () => {
  it("never cooked first (newest first), then the longest ago, ties newest first; the household's count", async () => {
    const { owner, ids } = await recipesOfNewOwner(5);
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    const cookA = await makeUser();
    const member = await makeUser();
    const household = await makeHousehold(cookA, [member]);
    await cook(cookA, a, { date: "2026-06-10", household_id: household.id });
    await cook(member, a, { date: "2026-06-01" });
    await cook(member, b, { date: "2026-06-05" });
    await cook(member, c, { date: "2026-06-05" });
    await cook(cookA, d, { date: "2026-01-01" }); // private to cookA: never cooked for member
    // member: a last 2026-06-10 (shared), b and c 2026-06-05 (c newer), d and e never (e newer).
    const expected = [e, d, c, b, a];
    expect(await listIds(`/recipes?user_id=${owner.id}&sort=last_cooked`, member.token)).toEqual(expected);
    const whole = await api("GET", `/recipes?user_id=${owner.id}&sort=last_cooked`, { token: member.token });
    expect(whole.body.items.map((r: { id: number }) => r.id)).toEqual(expected);
    expect(whole.body.items.at(-1)).toMatchObject({ id: a, last_cooked: "2026-06-10", times_cooked: 2 });
    // cookA: d 2026-01-01, a 2026-06-10; b, c and e never.
    expect(await listIds(`/recipes?user_id=${owner.id}&sort=last_cooked`, cookA.token)).toEqual([
      e,
      c,
      b,
      d,
      a,
    ]);
  });

  it("Public is a 401", async () => {
    expect(problem(await api("GET", "/recipes?sort=last_cooked"), 401).detail).toBe("Not authenticated.");
  });
});
