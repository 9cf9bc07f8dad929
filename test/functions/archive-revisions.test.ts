/**
 * Archives carry recipes' histories (CONTRACT.md: "recipe history…": "Exports (`mine` and `all`),
 * backups and restores carry the history"): POST /exports → POST /imports into another account of
 * this instance and of a fresh one, a backup → restore into a fresh database, and archives from
 * before histories were kept (the frozen format-1 fixture, a format-6 export), whose recipes then
 * have their revision 1. Also what a hand-made history row may not hold.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpToArchive } from "../../core/archive/dump.ts";
import { IMPORT_LIMITS } from "../../core/archive/format.ts";
import { importArchive } from "../../core/archive/import.ts";
import { ArchiveReader } from "../../core/archive/reader.ts";
import { restoreArchive } from "../../core/archive/restore.ts";
import { configuredBucket } from "../../core/archive/storage.ts";
import { ArchiveWriter } from "../../core/archive/writer.ts";
import { type Db, getDb } from "../../core/db.ts";
import { recordRevision } from "../../core/recipe/revision-repository.ts";
import { getRevision, listRevisions } from "../../core/recipe/revisions.ts";
import { insertUser } from "../../core/user/repository.ts";
import {
  buildArchive,
  download,
  EMPTY_MINE_TABLES,
  type FreshDatabase,
  freshBucket,
  freshDatabase,
  uploadArchive,
} from "../fixtures/archives/helpers.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCategory, makeIngredient, makeUser, type TestUser, unique } from "../helpers/factories.ts";

/** Every revision of the database, as stored (times as text), in key order. */
async function allRevisions(db: Db) {
  const { rows } = await sql<Record<string, unknown>>`
    select recipe_id, revision, user_id, changes, snapshot, to_jsonb(created_at) #>> '{}' as created_at
    from recipe_revisions order by recipe_id, revision`.execute(db);
  return rows;
}

/** The history of the recipe titled `title` of `userId`, as the list route reads it. */
async function historyOf(db: Db, userId: number, title: string) {
  const { rows } = await sql<{ id: number }>`
    select id from recipes where user_id = ${userId} and title = ${title}`.execute(db);
  expect(rows).toHaveLength(1);
  const id = rows[0]?.id as number;
  return { id, page: await listRevisions(db, id, { limit: 100 }) };
}

let dir: string;
let owner: TestUser;
let admin: TestUser;
/** The ingredients' names: `kept` is on the recipe now, `older` only in revision 1, `gone` was deleted. */
const names = { kept: unique("Leek"), older: unique("Onion"), gone: unique("Shallot") };
const titles = { first: unique("Leek soup"), now: unique("Leek soup II"), plain: unique("Toast") };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "archive-revisions-"));
  owner = await makeUser();
  admin = await makeUser({ role: "admin" });
  const kept = await makeIngredient({ owner, name: names.kept });
  const older = await makeIngredient({ owner, name: names.older });
  const gone = await makeIngredient({ owner, name: names.gone });
  const category = await makeCategory({ name: unique("Soups") });
  const created = await api("POST", "/recipes", {
    token: owner.token,
    json: {
      title: titles.first,
      servings: 2,
      category_ids: [category.id],
      ingredients: [
        { ingredient_id: older.id, amount_grams: 100, amount_readable: "1 onion" },
        { ingredient_id: kept.id, amount_grams: 300, amount_readable: "2 leeks" },
      ],
      steps: [{ description: "Sweat for 10 minutes." }],
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const line = (ingredient_id: number, amount_grams: number, amount_readable: string) => ({
    ingredient_id,
    amount_grams,
    amount_readable,
  });
  // Revision 2, by an admin: a shallot instead of the onion; revision 3, by the owner: no shallot.
  const second = await api("PUT", `/recipes/${id}`, {
    token: admin.token,
    json: { ingredients: [line(gone.id, 50, "1 shallot"), line(kept.id, 300, "2 leeks")] },
  });
  expect(second.status).toBe(200);
  const third = await api("PUT", `/recipes/${id}`, {
    token: owner.token,
    json: { title: titles.now, ingredients: [line(kept.id, 300, "2 leeks")] },
  });
  expect(third.status).toBe(200);
  await sql`delete from ingredients where id = ${gone.id}`.execute(getDb());
  expect((await api("POST", "/recipes", { token: owner.token, json: { title: titles.plain } })).status).toBe(
    201,
  );
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What both imports must show: the history, its people, what each revision read. */
async function expectHistory(db: Db, importer: { id: number }) {
  const { id, page } = await historyOf(db, importer.id, titles.now);
  expect(
    page.items.map(({ revision, user, changes }) => ({ revision, user: user?.id ?? null, changes })),
  ).toEqual([
    { revision: 3, user: importer.id, changes: ["title", "ingredients"] },
    // The admin of the other instance is nobody known here.
    { revision: 2, user: null, changes: ["ingredients"] },
    { revision: 1, user: importer.id, changes: [] },
  ]);
  const onion = await sql<{ id: number }>`select id from ingredients where name = ${names.older}`.execute(db);
  const first = await getRevision(db, id, 1);
  expect(first).toMatchObject({ title: titles.first, servings: 2, revision: 1 });
  expect(first.ingredients.map((l) => [l.ingredient_id, l.name])).toEqual([
    [onion.rows[0]?.id, names.older],
    [expect.any(Number), names.kept],
  ]);
  expect(first.categories).toHaveLength(1);
  // The shallot was deleted before the export: its line reads by its name, with no id.
  const second = await getRevision(db, id, 2);
  expect(second.ingredients[0]).toEqual({
    ingredient_id: null,
    name: names.gone,
    amount_grams: 50,
    amount_readable: "1 shallot",
  });
  const plain = await historyOf(db, importer.id, titles.plain);
  expect(plain.page.items.map((i) => i.revision)).toEqual([1]);
  return id;
}

describe("POST /exports (mine) → POST /imports", () => {
  let archive: Buffer;

  beforeAll(async () => {
    const res = await api("POST", "/exports", { token: owner.token, json: { scope: "mine" } });
    expect(res.status).toBe(201);
    archive = await download(res.body.url);
  });

  it("writes the history and every ingredient it names that still exists", async () => {
    const file = join(dir, "mine.zip");
    await writeFile(file, archive);
    const reader = await ArchiveReader.open(file, IMPORT_LIMITS);
    try {
      const revisions = await reader.rows("recipe_revisions");
      expect(revisions).toHaveLength(4);
      expect(reader.manifest.counts.recipe_revisions).toBe(4);
      const ingredients = (await reader.rows("ingredients")).map((i) => i.name);
      expect(ingredients).toContain(names.older);
      expect(ingredients).not.toContain(names.gone);
    } finally {
      reader.close();
    }
  });

  it("imports it into another account here: the history as it was, the owner's revisions the importer's", async () => {
    const bob = await makeUser();
    const key = await uploadArchive(bob.token, archive);
    const res = await api("POST", "/imports", { token: bob.token, json: { key } });
    expect(res.status).toBe(200);
    const id = await expectHistory(getDb(), bob);
    // Through the routes too, and the imported history restores.
    const list = await api("GET", `/recipes/${id}/revisions`);
    expect(list.body.items[0].user).toEqual({ id: bob.id, username: bob.username });
    const restored = await api("POST", `/recipes/${id}/revisions/1/restore`, { token: bob.token });
    expect(restored.status).toBe(200);
    expect(restored.body.ingredients.map((l: { name: string }) => l.name)).toEqual([names.older, names.kept]);
    expect((await listRevisions(getDb(), id, { limit: 10 })).items[0]).toMatchObject({
      revision: 4,
      changes: ["title", "ingredients"],
    });
  });

  describe("into a fresh database (another instance)", () => {
    let fresh: FreshDatabase;
    beforeAll(async () => {
      fresh = await freshDatabase();
    }, 60_000);
    afterAll(async () => {
      await fresh?.close();
    });

    it("imports the history with the ids of the rows it names there", async () => {
      const user = await insertUser(fresh.db, {
        username: "newcomer",
        email: "newcomer@example.com",
        password_hash: "x",
        role: "user",
      });
      const file = join(dir, "import.zip");
      await writeFile(file, archive);
      const reader = await ArchiveReader.open(file, IMPORT_LIMITS);
      try {
        const result = await importArchive(fresh.db, await freshBucket(), reader, {
          id: user.id,
          username: user.username,
          role: user.role,
        });
        // A category only an admin may create did not come in: the revisions keep its name, no id.
        expect(result.warnings).toHaveLength(1);
      } finally {
        reader.close();
      }
      const id = await expectHistory(fresh.db, user);
      const first = await getRevision(fresh.db, id, 1);
      expect(first.categories).toEqual([{ id: null, name: expect.any(String) }]);
      // The recipe as imported is its last revision (the category that did not come in links nothing
      // in either): the next change is compared with it, and no change keeps nothing.
      expect(await recordRevision(fresh.db, id, user.id)).toBeUndefined();
    });
  });
});

describe("backup → restore", () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  }, 60_000);
  afterAll(async () => {
    await fresh?.close();
  });

  it("restores every revision as it was", async () => {
    const file = join(dir, "backup.zip");
    const writer = new ArchiveWriter(createWriteStream(file));
    const counts = await dumpToArchive(getDb(), configuredBucket(), writer, { scope: "all" });
    await writer.finish("all", counts);
    const original = await allRevisions(getDb());
    expect(counts.recipe_revisions).toBe(original.length);

    const reader = await ArchiveReader.open(file);
    try {
      const restored = await restoreArchive(fresh.db, await freshBucket(), reader);
      expect(restored.recipe_revisions).toBe(original.length);
    } finally {
      reader.close();
    }
    expect(await allRevisions(fresh.db)).toEqual(original);
    const { id } = await historyOf(getDb(), owner.id, titles.now);
    for (const revision of [1, 2, 3]) {
      expect(await getRevision(fresh.db, id, revision)).toEqual(await getRevision(getDb(), id, revision));
    }
  }, 120_000);
});

describe("archives from before histories were kept", () => {
  let database: FreshDatabase | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it("a format-1 backup restores with each recipe's revision 1: its state, by its owner, at its last change", async () => {
    const file = join(dir, "format-1.zip");
    await writeFile(file, await readFile(new URL("../fixtures/archives/format-1.zip", import.meta.url)));
    const reader = await ArchiveReader.open(file);
    database = await freshDatabase();
    try {
      const counts = await restoreArchive(database.db, await freshBucket(), reader);
      expect(counts.recipe_revisions).toBe(0);
    } finally {
      reader.close();
    }
    const page = await listRevisions(database.db, 7, { limit: 20 });
    expect(page).toEqual({
      items: [
        {
          revision: 1,
          created_at: "2025-03-04T10:00:00.123Z",
          user: { id: 5, username: "ben" },
          changes: [],
        },
      ],
      next_cursor: null,
    });
    expect(await getRevision(database.db, 7, 1)).toMatchObject({
      revision: 1,
      title: "Leek soup",
      servings: 3,
      categories: [{ id: 3, name: "Soups" }],
      ingredients: [{ ingredient_id: 2, name: "Leek", amount_grams: 541.5, amount_readable: "3 leeks" }],
      steps: [
        { step_number: 1, description: "Sweat the leeks." },
        { step_number: 2, description: "Blend." },
      ],
      updated_at: "2025-03-04T10:00:00.123Z",
    });
  }, 120_000);

  it("a format-6 export imports with each recipe's revision 1, by the importer", async () => {
    const user = await makeUser();
    const leek = await makeIngredient({ name: unique("Leek") });
    const title = unique("Old soup");
    const { recipe_revisions: _none, ...tables } = EMPTY_MINE_TABLES;
    const bytes = buildArchive({
      tables: {
        ...tables,
        recipes: [{ id: 40, title, servings: 2, created_at: "2025-01-01T00:00:00Z" }],
        ingredients: [{ id: 41, name: leek.name }],
        recipe_ingredients: [
          { recipe_id: 40, ingredient_id: 41, position: 0, amount_grams: 300, amount_readable: "2 leeks" },
        ],
        recipe_steps: [{ recipe_id: 40, step_number: 1, description: "Simmer." }],
      },
      manifest: { format_version: 6 },
    });
    const res = await api("POST", "/imports", {
      token: user.token,
      json: { key: await uploadArchive(user.token, bytes) },
    });
    expect(res.status).toBe(200);
    const { id, page } = await historyOf(getDb(), user.id, title);
    expect(page.items).toEqual([
      {
        revision: 1,
        created_at: expect.any(String),
        user: { id: user.id, username: user.username },
        changes: [],
      },
    ]);
    expect(await getRevision(getDb(), id, 1)).toMatchObject({
      title,
      servings: 2,
      ingredients: [
        { ingredient_id: leek.id, name: leek.name, amount_grams: 300, amount_readable: "2 leeks" },
      ],
      steps: [{ step_number: 1, description: "Simmer." }],
    });
  });
});

describe("another program's export (POST /imports of schema.org recipes)", () => {
  it("keeps each recipe it creates as its revision 1, by the importer", async () => {
    const user = await makeUser();
    const title = unique("Bean soup");
    const file = [
      {
        "@context": "https://schema.org",
        "@type": "Recipe",
        name: title,
        recipeYield: "4",
        recipeIngredient: ["500 g beans"],
        recipeInstructions: [{ "@type": "HowToStep", text: "Simmer an hour." }],
      },
    ];
    const res = await api("POST", "/imports", {
      token: user.token,
      json: { key: await uploadArchive(user.token, Buffer.from(JSON.stringify(file))) },
    });
    expect(res.status).toBe(200);
    const { id, page } = await historyOf(getDb(), user.id, title);
    expect(page.items).toEqual([
      {
        revision: 1,
        created_at: expect.any(String),
        user: { id: user.id, username: user.username },
        changes: [],
      },
    ]);
    const recipe = await api("GET", `/recipes/${id}`);
    const revision = await api("GET", `/recipes/${id}/revisions/1`);
    expect(revision.body).toMatchObject({
      title,
      servings: 4,
      ingredients: recipe.body.ingredients,
      steps: recipe.body.steps,
    });
  });
});

describe("a history an import refuses (422, nothing written)", () => {
  const recipe = { id: 50, title: "Soup", created_at: "2025-01-01T00:00:00Z", user_id: 9 };
  const snapshot = {
    title: "Soup",
    description: null,
    cook_time_sec: null,
    prep_time_sec: null,
    total_time_sec: null,
    servings: null,
    source_url: null,
    categories: [],
    ingredients: [],
    steps: [],
  };
  const revision = {
    recipe_id: 50,
    revision: 1,
    user_id: 9,
    changes: [],
    snapshot,
    created_at: "2025-01-01T00:00:00Z",
  };

  async function importing(tables: Record<string, unknown[]>) {
    const user = await makeUser();
    const bytes = buildArchive({ tables: { ...EMPTY_MINE_TABLES, recipes: [recipe], ...tables } });
    const res = await api("POST", "/imports", {
      token: user.token,
      json: { key: await uploadArchive(user.token, bytes) },
    });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from recipes where user_id = ${user.id}`.execute(getDb());
    expect(rows[0]?.n).toBe(0);
    return res;
  }

  it("names the row and the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ changes: ["password"] }, "changes.0"],
      [{ revision: 0 }, "revision"],
      [{ snapshot: { ...snapshot, title: "" } }, "snapshot.title"],
      [
        { snapshot: { ...snapshot, steps: [{ description: "x".repeat(5001) }] } },
        "snapshot.steps.0.description",
      ],
      [{ created_at: "yesterday" }, "created_at"],
    ];
    for (const [change, field] of cases) {
      const res = await importing({ recipe_revisions: [{ ...revision, ...change }] });
      expect(problem(res, 422).detail).toContain(
        `row number 1 of its table 'recipe_revisions' has an invalid '${field}'`,
      );
    }
  });

  it("refuses a revision of a recipe the archive does not hold, and a current archive without the table", async () => {
    const res = await importing({ recipe_revisions: [{ ...revision, recipe_id: 99 }] });
    expect(problem(res, 422).detail).toBe(
      "The archive is invalid: its table 'recipe_revisions' refers to recipe ID 99, which it does not hold.",
    );
    const user = await makeUser();
    const { recipe_revisions: _none, ...tables } = EMPTY_MINE_TABLES;
    const bytes = buildArchive({ tables: { ...tables, recipes: [recipe] } });
    const missing = await api("POST", "/imports", {
      token: user.token,
      json: { key: await uploadArchive(user.token, bytes) },
    });
    expect(problem(missing, 422).detail).toBe(
      "The archive is invalid: it is missing the table 'recipe_revisions'.",
    );
  });
});
