/**
 * An ingredient's other names (issue 39, item 5; README "Other names"): set with POST and PUT
 * /ingredients (the whole set), read on every ingredient, checked as names are (one name, one
 * ingredient, ignoring case and plural), found by a search, matched by lines in any language (the
 * line parser, a list item by name, an archive's ingredient), and kept by a merge.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, makeIngredient, type TestUser } from "../helpers/factories.ts";

let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

/** A made-up word, letters only (lines read numbers as amounts), unique in this run. */
const word = (stem: string) =>
  `${stem}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}a`;

const otherNamesInDb = async (id: number) =>
  (
    await getDb()
      .selectFrom("ingredient_names")
      .select(["name", "language"])
      .where("ingredient_id", "=", id)
      .orderBy("name")
      .execute()
  ).map((n) => `${n.name}:${n.language ?? "any"}`);

describe("other names on POST and PUT /ingredients", () => {
  it("are created with the ingredient, read by language then name, and replaced as a set", async () => {
    const [name, de, fr, any] = [word("Quark"), word("Topfen"), word("Fromage"), word("Curd")];
    const created = await api("POST", "/ingredients/", {
      token: owner.token,
      json: {
        name,
        other_names: [{ name: fr, language: "fr" }, { name: ` ${de} `, language: "de" }, { name: any }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.other_names).toEqual([
      { name: any, language: null },
      { name: de, language: "de" },
      { name: fr, language: "fr" },
    ]);
    const read = await api("GET", `/ingredients/${created.body.id}`);
    expect(read.body.other_names).toEqual(created.body.other_names);

    const replaced = await api("PUT", `/ingredients/${created.body.id}`, {
      token: owner.token,
      json: { other_names: [{ name: de, language: "de" }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.other_names).toEqual([{ name: de, language: "de" }]);
    expect(await otherNamesInDb(created.body.id)).toEqual([`${de}:de`]);

    // A PUT without other_names leaves them; an empty list clears them.
    await api("PUT", `/ingredients/${created.body.id}`, {
      token: owner.token,
      json: { description: "Fresh" },
    });
    expect(await otherNamesInDb(created.body.id)).toEqual([`${de}:de`]);
    await api("PUT", `/ingredients/${created.body.id}`, { token: owner.token, json: { other_names: [] } });
    expect(await otherNamesInDb(created.body.id)).toEqual([]);
  });

  it("refuse another ingredient's name or other name with a 409 naming it, and change nothing", async () => {
    const sugar = await makeIngredient({
      owner,
      name: word("Sugar"),
      other_names: [{ name: word("Zucker"), language: "de" }],
    });
    const zucker = sugar.other_names[0]?.name ?? "";
    const mine = await makeIngredient({ owner, other_names: [{ name: word("Keep"), language: null }] });

    const asOther = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: { other_names: [{ name: `${zucker.toUpperCase()}S`, language: "de" }] },
    });
    expect(problem(asOther, 409).detail).toBe(
      `Ingredient name '${zucker.toUpperCase()}S' already exists as '${sugar.name}' (ID ${sugar.id}).`,
    );
    const asName = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: { other_names: [{ name: sugar.name }] },
    });
    expect(problem(asName, 409).detail).toBe(`Ingredient name '${sugar.name}' already exists.`);
    expect(await otherNamesInDb(mine.id)).toEqual([`${mine.other_names[0]?.name}:any`]);

    // Nor may a new ingredient or a rename take a name another ingredient goes by.
    const created = await api("POST", "/ingredients/", { token: owner.token, json: { name: zucker } });
    expect(problem(created, 409).detail).toBe(
      `Ingredient name '${zucker}' already exists as '${sugar.name}' (ID ${sugar.id}).`,
    );
    const renamed = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: { name: zucker },
    });
    expect(renamed.status).toBe(409);
    expect((await api("GET", `/ingredients/${mine.id}`)).body.name).toBe(mine.name);
  });

  it("refuse its own name and a name given twice (ignoring case and plural) with a 422 naming the entry", async () => {
    const mine = await makeIngredient({ owner, name: word("Berry") });
    const twice = word("Beere");
    const res = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: {
        other_names: [{ name: `${mine.name}s` }, { name: twice }, { name: `${twice.toUpperCase()}S` }],
      },
    });
    expect(problem(res, 422)).toMatchObject({
      detail: `'${mine.name}s' is already the ingredient's name.`,
      errors: [
        { path: "other_names.0.name", message: `'${mine.name}s' is already the ingredient's name.` },
        { path: "other_names.2.name", message: `'${twice.toUpperCase()}S' is given twice.` },
      ],
    });
    const bad = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: { other_names: [{ name: " ", language: "xx" }] },
    });
    expect(problem(bad, 422).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "other_names.0.language" })]),
    );
    const many = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: {
        other_names: Array.from({ length: 31 }, (_, i) => ({
          name: `${twice}${String.fromCharCode(97 + (i % 26))}${i}`,
        })),
      },
    });
    expect(many.status).toBe(422);
    expect(await otherNamesInDb(mine.id)).toEqual([]);
  });

  it("are the creator's or an admin's to change", async () => {
    const mine = await makeIngredient({ owner });
    const json = { other_names: [{ name: word("Other") }] };
    expect((await api("PUT", `/ingredients/${mine.id}`, { token: other.token, json })).status).toBe(403);
    expect((await api("PUT", `/ingredients/${mine.id}`, { json })).status).toBe(401);
    expect((await api("PUT", `/ingredients/${mine.id}`, { token: admin.token, json })).status).toBe(200);
    expect((await api("PUT", "/ingredients/999999", { token: admin.token, json })).status).toBe(404);
  });

  it("drop the one a rename makes its name", async () => {
    const [name, topfen] = [word("Quark"), word("Topfen")];
    const mine = await makeIngredient({ owner, name, other_names: [{ name: topfen, language: "de" }] });
    const renamed = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: { name: topfen },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: topfen, other_names: [] });
  });
});

describe("other names find the ingredient", () => {
  it("in a search, a parsed line in any language, and a list item added by name", async () => {
    const [name, topfen] = [word("Quark"), word("Topfen")];
    const quark = await makeIngredient({ owner, name, other_names: [{ name: topfen, language: "de" }] });

    const search = await api("GET", `/ingredients/?q=${encodeURIComponent(topfen.slice(0, 9))}`);
    expect(search.body.items.map((i: { id: number }) => i.id)).toEqual([quark.id]);

    const parsed = await api("POST", "/ingredient-lines/parse", {
      token: owner.token,
      json: { lines: [`250 g ${topfen}`], lang: "de" },
    });
    expect(parsed.status).toBe(200);
    expect(parsed.body.items[0]).toMatchObject({ ingredient_id: quark.id });

    const list = await api("POST", "/shopping-lists/", { token: owner.token, json: { name: "Week" } });
    const item = await api("POST", `/shopping-lists/${list.body.id}/items`, {
      token: owner.token,
      json: { name: topfen },
    });
    expect(item.status).toBe(201);
    expect(item.body.ingredient_id).toBe(quark.id);
  });
});

describe("recipe search", () => {
  it("finds the recipes with an ingredient by its other names, after they change and after a merge", async () => {
    const [name, topfen, quarg, merged] = [
      word("Quark"),
      word("Topfen"),
      word("Quarg"),
      word("Schichtkaese"),
    ];
    const quark = await makeIngredient({ owner, name });
    const recipe = await api("POST", "/recipes/", {
      token: owner.token,
      json: {
        title: word("Cheesecake"),
        ingredients: [{ ingredient_id: quark.id, amount_grams: 500, amount_readable: "500 g" }],
      },
    });
    expect(recipe.status).toBe(201);
    const found = async (q: string) =>
      (await api("GET", `/recipes/?q=${encodeURIComponent(q)}`)).body.items.map((r: { id: number }) => r.id);
    expect(await found(topfen)).toEqual([]);

    await api("PUT", `/ingredients/${quark.id}`, {
      token: owner.token,
      json: { other_names: [{ name: topfen }] },
    });
    expect(await found(topfen)).toEqual([recipe.body.id]);
    await api("PUT", `/ingredients/${quark.id}`, {
      token: owner.token,
      json: { other_names: [{ name: quarg }] },
    });
    expect(await found(topfen)).toEqual([]);
    expect(await found(quarg)).toEqual([recipe.body.id]);

    const other = await makeIngredient({ owner, name: merged });
    await api("POST", `/ingredients/${other.id}/merge`, { token: owner.token, json: { into_id: quark.id } });
    expect(await found(merged)).toEqual([recipe.body.id]);
  });
});

describe("GET /ingredients?named_in=", () => {
  it("keeps the ingredients that go by another name in that language, paginated", async () => {
    const [name, de, any] = [word("Cottage"), word("Huettenkaese"), word("Curd")];
    const cottage = await makeIngredient({ owner, name, other_names: [{ name: de, language: "de" }] });
    const anyOnly = await makeIngredient({ owner, other_names: [{ name: any }] });
    const ids = async (query: string) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await api("GET", `/ingredients/?${query}&limit=100${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.items.map((i: { id: number }) => i.id));
        cursor = page.body.next_cursor;
      } while (cursor);
      return seen;
    };
    const german = await ids("named_in=de");
    expect(german).toContain(cottage.id);
    expect(german).not.toContain(anyOnly.id);
    expect(await ids("named_in=fr")).not.toContain(cottage.id);
    expect(problem(await api("GET", "/ingredients/?named_in=xx"), 400).detail).toBe(
      "Query parameter 'named_in' is invalid: Must be one of 'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb'.",
    );
  });
});

describe("POST /ingredients/<id>/merge", () => {
  it("makes the merged ingredient's name and other names the kept one's other names", async () => {
    const [sugar, zucker, sucre, kristall] = [word("Sugar"), word("Zucker"), word("Sucre"), word("Kristall")];
    const into = await makeIngredient({ owner, name: sugar, other_names: [{ name: sucre, language: "fr" }] });
    const from = await makeIngredient({
      owner,
      name: zucker,
      other_names: [{ name: kristall, language: "de" }],
    });
    const merged = await api("POST", `/ingredients/${from.id}/merge`, {
      token: owner.token,
      json: { into_id: into.id },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.other_names).toEqual([
      { name: zucker, language: null },
      { name: kristall, language: "de" },
      { name: sucre, language: "fr" },
    ]);
    // A line naming the merged ingredient now finds the one it became.
    const parsed = await api("POST", "/ingredient-lines/parse", {
      token: owner.token,
      json: { lines: [`100 g ${zucker}`] },
    });
    expect(parsed.body.items[0]).toMatchObject({ ingredient_id: into.id });
  });
});
