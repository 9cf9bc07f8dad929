/** /stores: anyone reads; the creator or an admin writes; coordinates, phone and website validated. */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeIngredient,
  makeShelf,
  makeStore,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { rowById } from "../helpers/rows.ts";

let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const full = () => ({
  name: unique("Corner Shop"),
  address: "1 Main Street",
  latitude: 52.52,
  longitude: -13.405,
  phone: "+49 (30) 123-4567",
  website: "https://shop.example.com/berlin?x=1",
  description: "Open late",
});

describe("POST /stores", () => {
  it("creates a store owned by the caller with every field", async () => {
    const json = full();
    const res = await api("POST", "/stores/", { token: owner.token, json });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      user_id: owner.id,
      ...json,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(res.headers.location).toBe(`/api/v1/stores/${res.body.id}`);
    expect(await rowById("stores", res.body.id)).toMatchObject({ ...json, user_id: owner.id });
  });

  it("needs only a name; admins may create too; the public may not", async () => {
    const res = await api("POST", "/stores", { token: admin.token, json: { name: unique("Tiny") } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: admin.id,
      address: null,
      latitude: null,
      longitude: null,
      phone: null,
    });
    problem(await api("POST", "/stores", { json: { name: unique("Public") } }), 401);
  });

  it("accepts the bounds of the coordinates", async () => {
    for (const [latitude, longitude] of [
      [-90, -180],
      [90, 180],
      [0, 0],
    ]) {
      const res = await api("POST", "/stores", {
        token: owner.token,
        json: { name: unique("Edge"), latitude, longitude },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ latitude, longitude });
    }
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "x".repeat(121) }, "name"],
    [{ name: "s", latitude: 90.01, longitude: 0 }, "latitude"],
    [{ name: "s", latitude: -91, longitude: 0 }, "latitude"],
    [{ name: "s", latitude: 0, longitude: 180.5 }, "longitude"],
    [{ name: "s", latitude: 0, longitude: -181 }, "longitude"],
    [{ name: "s", latitude: "52", longitude: 1 }, "latitude"],
    [{ name: "s", latitude: 52 }, "longitude"],
    [{ name: "s", longitude: 13 }, "latitude"],
    [{ name: "s", phone: "call me" }, "phone"],
    [{ name: "s", phone: "12" }, "phone"],
    [{ name: "s", phone: "1".repeat(41) }, "phone"],
    [{ name: "s", website: "shop.example.com" }, "website"],
    [{ name: "s", website: "ftp://shop.example.com" }, "website"],
    [{ name: "s", website: "javascript:alert(1)" }, "website"],
    [{ name: "s", address: "x".repeat(501) }, "address"],
    [{ name: "s", user_id: 1 }, "user_id"],
  ])("answers 422 for %j", async (json, path) => {
    const body = problem(await api("POST", "/stores", { token: owner.token, json }), 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });
});

describe("GET /stores/<id>", () => {
  it("returns the store to anyone", async () => {
    const store = await makeStore(owner);
    const res = await api("GET", `/stores/${store.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: store.id, name: store.name, user_id: owner.id });
  });

  it.each(["abc", "-1", "1.5", "0", "99999999999999999999", "2147483647"])(
    "answers 404 for the id %s",
    async (id) => {
      problem(await api("GET", `/stores/${id}`), 404);
      problem(await api("PUT", `/stores/${id}`, { token: admin.token, json: { name: "x" } }), 404);
      problem(await api("DELETE", `/stores/${id}`, { token: admin.token }), 404);
      problem(await api("GET", `/stores/${id}/shelves`), 404);
    },
  );

  it("names the id in the 404", async () => {
    expect(problem(await api("GET", "/stores/2147483600"), 404).detail).toBe(
      "Store ID 2147483600 was not found.",
    );
  });
});

describe("PUT /stores/<id>", () => {
  it("lets the owner and an admin change a subset, but not another user or the public", async () => {
    const store = await makeStore(owner);
    problem(await api("PUT", `/stores/${store.id}`, { json: { phone: "123" } }), 401);
    const denied = await api("PUT", `/stores/${store.id}`, { token: other.token, json: { phone: "123" } });
    expect(problem(denied, 403).detail).toBe(`Store ID ${store.id} belongs to another user.`);
    expect((await rowById("stores", store.id))?.phone).toBeNull();

    const mine = await api("PUT", `/stores/${store.id}`, { token: owner.token, json: { phone: "030 1234" } });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ name: store.name, phone: "030 1234" });
    const byAdmin = await api("PUT", `/stores/${store.id}/`, {
      token: admin.token,
      json: { latitude: 48.1, longitude: 11.6, website: "http://example.org" },
    });
    expect(byAdmin.status).toBe(200);
    expect(await rowById("stores", store.id)).toMatchObject({
      phone: "030 1234",
      latitude: 48.1,
      longitude: 11.6,
      website: "http://example.org",
      user_id: owner.id,
    });
  });

  it("keeps the coordinates a pair: one alone moves, one cleared alone is a 422", async () => {
    const store = await makeStore(owner);
    problem(await api("PUT", `/stores/${store.id}`, { token: owner.token, json: { latitude: 10 } }), 422);
    await api("PUT", `/stores/${store.id}`, { token: owner.token, json: { latitude: 10, longitude: 20 } });
    const moved = await api("PUT", `/stores/${store.id}`, { token: owner.token, json: { latitude: 11 } });
    expect(moved.body).toMatchObject({ latitude: 11, longitude: 20 });
    problem(await api("PUT", `/stores/${store.id}`, { token: owner.token, json: { longitude: null } }), 422);
    const cleared = await api("PUT", `/stores/${store.id}`, {
      token: owner.token,
      json: { latitude: null, longitude: null },
    });
    expect(cleared.body).toMatchObject({ latitude: null, longitude: null });
  });

  it("answers 422 for invalid values and unknown fields, changing nothing", async () => {
    const store = await makeStore(owner);
    for (const json of [
      { name: "" },
      { website: "nope" },
      { user_id: other.id },
      { latitude: 100, longitude: 0 },
    ]) {
      problem(await api("PUT", `/stores/${store.id}`, { token: owner.token, json }), 422);
    }
    expect(await rowById("stores", store.id)).toMatchObject({
      name: store.name,
      website: null,
      user_id: owner.id,
      latitude: null,
    });
  });
});

describe("DELETE /stores/<id>", () => {
  it("lets the owner delete it with its shelves; not another user or the public", async () => {
    const store = await makeStore(owner);
    const ingredient = await makeIngredient({ owner });
    const shelf = await makeShelf(owner, store.id, { ingredient_ids: [ingredient.id] });
    problem(await api("DELETE", `/stores/${store.id}`), 401);
    problem(await api("DELETE", `/stores/${store.id}`, { token: other.token }), 403);
    expect(await rowById("stores", store.id)).toBeDefined();

    expect((await api("DELETE", `/stores/${store.id}`, { token: owner.token })).status).toBe(204);
    expect(await rowById("stores", store.id)).toBeUndefined();
    const db = getDb();
    expect(await db.selectFrom("shelves").select("id").where("id", "=", shelf.id).execute()).toEqual([]);
    expect(
      await db.selectFrom("shelf_ingredients").select("shelf_id").where("shelf_id", "=", shelf.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom("ingredients").select("id").where("id", "=", ingredient.id).execute(),
    ).toHaveLength(1);
    problem(await api("DELETE", `/stores/${store.id}`, { token: owner.token }), 404);
  });

  it("lets an admin delete any store", async () => {
    const store = await makeStore(owner);
    expect((await api("DELETE", `/stores/${store.id}`, { token: admin.token })).status).toBe(204);
    expect(await rowById("stores", store.id)).toBeUndefined();
  });
});

describe("GET /stores", () => {
  it("pages by name with a cursor, serving every row exactly once while rows are added", async () => {
    const prefix = unique("Market");
    const mine: number[] = [];
    for (const letter of ["d", "b", "f", "a", "c", "e", "g"])
      mine.push((await makeStore(owner, `${prefix} ${letter}`)).id);
    const added: number[] = [];
    const ids = await collectPages(
      (cursor) => api("GET", `/stores?limit=3${cursor ? `&cursor=${cursor}` : ""}`),
      async (page) => {
        added.push((await makeStore(owner, `${prefix} ${page}`)).id);
        added.push((await makeStore(owner, `${prefix} z${page}`)).id);
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of mine) expect(ids.filter((x) => x === id)).toHaveLength(1);
    const order = ids.filter((id) => mine.includes(id));
    const byName = ["a", "b", "c", "d", "e", "f", "g"].map(
      (l) => mine[["d", "b", "f", "a", "c", "e", "g"].indexOf(l)],
    );
    expect(order).toEqual(byName);
  });

  it("defaults to 20 a page and rejects bad limits and cursors", async () => {
    for (let i = 0; i < 21; i++) await makeStore(owner);
    const res = await api("GET", "/stores");
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(20);
    expect(res.body.next_cursor).toEqual(expect.any(String));
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=abc"]) {
      problem(await api("GET", `/stores?${query}`), 400);
    }
  });
});
