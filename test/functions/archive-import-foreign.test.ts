/**
 * POST /imports of other programs' exports: a Paprika export (`.paprikarecipes`: a zip of
 * gzip-compressed JSON recipes, built here with the zip library the service writes archives with)
 * and schema.org recipes as a JSON file or a zip of JSON files (Nextcloud Cookbook's folders with
 * their `full.jpg`, a `@graph`, Mealie's untyped JSON). Each recipe goes through the import's
 * parser: counts, grams on the lines, the picture stored, warnings, ownership; a bad upload is a
 * 422 and leaves nothing behind, in the database or the bucket.
 */
import { randomInt } from "node:crypto";
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PAPRIKA_RECIPE_BYTES } from "../../core/archive/foreign.ts";
import { ZipWriter } from "../../core/archive/zip.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { processPicture } from "../../core/image/process.ts";
import { getStorage } from "../../core/storage.ts";
import { uploadArchive } from "../fixtures/archives/helpers.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCategory, makeUser, type TestUser } from "../helpers/factories.ts";
import { fetchPublic, makeImage } from "../helpers/image-fixtures.ts";

/** A made-up food name of letters only (no trailing s, so it is its own singular). */
const food = (prefix: string) =>
  prefix + Array.from({ length: 8 }, () => "bcdfghjkmnpqrtvwxz"[randomInt(18)]).join("");

/** A zip written by the service's own zip writer, the one its exports use. */
async function zipFiles(files: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const zip = new ZipWriter(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  );
  for (const file of files) await zip.add(file.name, [file.data]);
  await zip.finish();
  return Buffer.concat(chunks);
}

/** One recipe as Paprika writes it into an export: gzip-compressed JSON. */
const paprikaEntry = (recipe: Record<string, unknown>) =>
  gzipSync(Buffer.from(JSON.stringify(recipe), "utf8"));

function paprikaRecipe(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    uid: "A1B2C3",
    name: "",
    ingredients: "",
    directions: "",
    servings: "",
    prep_time: "",
    cook_time: "",
    total_time: "",
    source: "",
    source_url: "",
    notes: "",
    nutritional_info: "",
    description: "",
    categories: [],
    rating: 0,
    difficulty: "",
    photo: "",
    photo_hash: "",
    photo_data: null,
    photos: [],
    created: "2021-03-04 18:22:05",
    ...fields,
  };
}

async function importAs(user: TestUser, bytes: Buffer) {
  const key = await uploadArchive(user.token, bytes);
  return api("POST", "/imports", { token: user.token, json: { key } });
}

async function recipeTitled(user: TestUser, title: string) {
  const rows = await sql<{ id: number }>`
    select id from recipes where user_id = ${user.id} and title = ${title}`.execute(getDb());
  expect(rows.rows).toHaveLength(1);
  return (await api("GET", `/recipes/${rows.rows[0]?.id}`)).body;
}

async function ingredientOwner(name: string): Promise<number | null | undefined> {
  const rows = await sql<{ user_id: number | null }>`
    select user_id from ingredients where lower(name) = lower(${name})`.execute(getDb());
  return rows.rows[0]?.user_id;
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await getStorage().send(
      new ListObjectsV2Command({ Bucket: config.storage.bucket, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ""));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** The object key part the picture code gives a picture: the hash of the re-encoded original. */
const storedHash = async (jpeg: Buffer) =>
  (await processPicture({ bytes: jpeg, format: "jpeg" })).hash.slice(0, 32);

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ role: "admin" });
});

describe("POST /imports of a Paprika export", () => {
  it("brings every recipe in as the caller's, lines in grams, the photo stored, what did not come in warned", async () => {
    const bob = await makeUser();
    const names = { grain: food("Quinoa"), herb: food("Herb") };
    const breakfast = await makeCategory({ name: food("Breakfast") });
    const newCategory = food("Weeknight");
    const photo = await makeImage("jpeg", { width: 320, height: 240 });
    const bowl = paprikaRecipe({
      name: "Quinoa bowl",
      ingredients: `200 g ${names.grain}\n1 cup milk\n\nFor the topping:\na pinch of ${names.herb}`,
      directions: "Rinse the grain.\n\nSimmer it in the milk for 15 minutes.\nTop and serve.",
      servings: "4 servings",
      prep_time: "15 mins",
      cook_time: "1 hr 5 mins",
      source_url: "https://example.com/quinoa-bowl",
      notes: "Keeps for two days.",
      categories: [breakfast.name, newCategory],
      photo_data: photo.toString("base64"),
    });
    const toast = paprikaRecipe({
      name: "Toast",
      ingredients: `2 slices bread\n10 g ${names.grain}`,
      directions: "Toast the bread.",
      servings: "2",
      photo_data: Buffer.from("not a picture").toString("base64"),
    });
    const upload = await zipFiles([
      { name: "Quinoa bowl.paprikarecipe", data: paprikaEntry(bowl) },
      { name: "Toast.paprikarecipe", data: paprikaEntry(toast) },
      { name: "Broken.paprikarecipe", data: "not gzip at all" },
    ]);

    const res = await importAs(bob, upload);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({
      recipes: 2,
      categories: 0,
      categories_matched: 1,
      pictures: 2, // the photo and its preview
      stores: 0,
      shopping_lists: 0,
    });
    // The grain, milk, the herb and bread are new here; the grain is found again by the second recipe.
    expect(res.body.counts.ingredients).toBe(4);
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([
        "File 'Broken.paprikarecipe' is not gzip-compressed: it was left out.",
        expect.stringMatching(
          new RegExp(
            `^Recipe 'Quinoa bowl': Ingredient 3 \\('a pinch of ${names.herb}'\\): the grams are unknown`,
          ),
        ),
        `Category '${newCategory}' does not exist here and only an admin may create it: 1 recipe(s) were imported without it.`,
        "Recipe 'Toast': Its picture is not a JPEG, PNG, WebP or AVIF image: imported without it.",
      ]),
    );

    const recipe = await recipeTitled(bob, "Quinoa bowl");
    expect(recipe).toMatchObject({
      user_id: bob.id,
      servings: 4,
      prep_time_sec: 900,
      cook_time_sec: 3900,
      total_time_sec: null,
      source_url: "https://example.com/quinoa-bowl",
      description: "Notes: Keeps for two days.",
      categories: [{ id: breakfast.id, name: breakfast.name }],
    });
    expect(recipe.steps.map((s: { description: string }) => s.description)).toEqual([
      "Rinse the grain.",
      "Simmer it in the milk for 15 minutes.",
      "Top and serve.",
    ]);
    expect(recipe.ingredients).toHaveLength(3); // the heading is not a line
    expect(recipe.ingredients[0]).toMatchObject({
      name: names.grain,
      amount_grams: 200,
      amount_readable: "200 g",
    });
    expect(recipe.ingredients[1].name).toBe("Milk");
    expect(recipe.ingredients[1].amount_grams).toBeGreaterThan(200); // a cup of milk, from the food table
    expect(recipe.ingredients[2]).toMatchObject({
      name: names.herb,
      amount_grams: null, // unknown, as the draft said: not 0 g
      amount_readable: "a pinch",
    });
    expect(await ingredientOwner(names.grain)).toBe(bob.id);

    // The photo went through the picture code: re-encoded, a preview beside it, public.
    expect(recipe.img).toContain(`/recipes/${recipe.id}/${await storedHash(photo)}`);
    expect(recipe.preview_img).toMatch(/-preview\.webp$/);
    const stored = await fetchPublic(recipe.img);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/jpeg");
    expect((await fetchPublic(recipe.preview_img)).status).toBe(200);

    const second = await recipeTitled(bob, "Toast");
    expect(second.ingredients.map((l: { name: string }) => l.name)).toEqual(["Bread", names.grain]);
    expect(second.ingredients[1].amount_grams).toBe(10);
    expect(second.img).toBeNull();
  });

  it("reads one .paprikarecipe on its own, and says so when the same recipe comes in again", async () => {
    const carol = await makeUser();
    const single = paprikaEntry(
      paprikaRecipe({
        name: "Lemonade",
        ingredients: `250 g ${food("Sugar")}\n1 l water`,
        directions: "Stir.",
      }),
    );
    const first = await importAs(carol, single);
    expect(first.status).toBe(200);
    expect(first.body.counts).toMatchObject({ recipes: 1, pictures: 0 });
    expect((await recipeTitled(carol, "Lemonade")).ingredients[0]).toMatchObject({ amount_grams: 250 });
    const again = await importAs(carol, single);
    expect(again.status).toBe(200);
    expect(again.body.warnings).toContain(
      "Recipe 'Lemonade': you already had a recipe of this title (imported before?); it is now here twice.",
    );
  });
});

describe("POST /imports of schema.org recipes", () => {
  it("reads a JSON file of recipes (RecipeSage, Tandoor): every recipe, categories created by an admin", async () => {
    const names = { bean: food("Bean"), category: food("Soups") };
    const file = [
      {
        "@context": "https://schema.org",
        "@type": "Recipe",
        name: "Bean soup",
        recipeYield: "6",
        prepTime: "PT20M",
        cookTime: "PT1H",
        totalTime: "PT9H20M",
        recipeCategory: names.category,
        image: "https://photos.example.com/bean-soup.jpg",
        recipeIngredient: [`500 g ${names.bean}`, "2 tbsp olive oil"],
        recipeInstructions: [
          { "@type": "HowToStep", text: "Soak the beans." },
          { "@type": "HowToStep", text: "Simmer an hour." },
        ],
      },
      {
        "@context": "https://schema.org",
        "@type": ["Recipe"],
        name: "Bean salad",
        recipeIngredient: [`250 g ${names.bean}`],
        recipeInstructions: "Toss.",
      },
    ];
    const res = await importAs(admin, Buffer.from(JSON.stringify(file)));
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ recipes: 2, categories: 1, ingredients: 2, pictures: 0 });
    expect(res.body.warnings).toContain(
      "Recipe 'Bean soup': Its picture at 'https://photos.example.com/bean-soup.jpg' is not in the upload and was not fetched.",
    );
    const soup = await recipeTitled(admin, "Bean soup");
    // The beans soak overnight: the total time keeps it.
    expect(soup).toMatchObject({
      servings: 6,
      prep_time_sec: 1200,
      cook_time_sec: 3600,
      total_time_sec: 33_600,
      user_id: admin.id,
    });
    expect(soup.categories.map((c: { name: string }) => c.name)).toEqual([names.category]);
    expect(soup.ingredients[0]).toMatchObject({ name: names.bean, amount_grams: 500 });
    expect(soup.ingredients[1].amount_grams).toBeGreaterThan(20); // 2 tbsp of oil, from the food table
    expect(soup.steps).toHaveLength(2);
    expect((await recipeTitled(admin, "Bean salad")).ingredients[0]).toMatchObject({
      name: names.bean,
      amount_grams: 250,
    });
  });

  it("reads a zip of JSON files: Nextcloud Cookbook folders with their picture, a @graph, Mealie's JSON", async () => {
    const dave = await makeUser();
    const names = { leek: food("Leek"), flour: food("Flour"), rye: food("Rye") };
    const photo = await makeImage("jpeg");
    const upload = await zipFiles([
      {
        name: "Recipes/Leek soup/recipe.json",
        data: JSON.stringify({
          "@context": "http://schema.org",
          "@type": "Recipe",
          name: "Leek soup",
          recipeYield: 4,
          recipeIngredient: [`3 ${names.leek} (600 g)`],
          recipeInstructions: ["Sweat the leeks.", "Blend."],
        }),
      },
      { name: "Recipes/Leek soup/full.jpg", data: photo },
      {
        name: "Recipes/Cake/recipe.json",
        data: JSON.stringify({
          "@context": "https://schema.org",
          "@graph": [
            { "@type": "WebPage", "@id": "#page", name: "Cake page" },
            { "@type": "ImageObject", "@id": "#primaryimage", url: "https://example.com/cake.jpg" },
            {
              "@type": "Recipe",
              name: "Cake",
              image: { "@id": "#primaryimage" },
              recipeIngredient: [`2 cups ${names.flour} (250 g)`],
              recipeInstructions: { "@type": "HowToStep", text: "Bake." },
            },
          ],
        }),
      },
      {
        name: "mealie/rye-bread.json",
        data: JSON.stringify({
          name: "Rye bread",
          recipeYield: "1 loaf",
          recipeIngredient: [{ note: "", display: `500 g ${names.rye}`, originalText: `500 g ${names.rye}` }],
          recipeInstructions: [{ text: "Knead." }, { text: "Bake." }],
        }),
      },
      { name: "notes.json", data: JSON.stringify({ hello: "world" }) },
      { name: "__MACOSX/Recipes/._recipe.json", data: "junk" },
    ]);
    const res = await importAs(dave, upload);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ recipes: 3, ingredients: 3, pictures: 2 });
    expect(res.body.warnings).toContain("File 'notes.json' holds no schema.org Recipe: it was left out.");
    // The graph's other nodes are there to follow: the picture's `@id` leads to its address.
    expect(res.body.warnings).toContain(
      "Recipe 'Cake': Its picture at 'https://example.com/cake.jpg' is not in the upload and was not fetched.",
    );
    const soup = await recipeTitled(dave, "Leek soup");
    expect(soup.ingredients[0]).toMatchObject({ name: names.leek, amount_grams: 600 });
    expect(soup.img).toContain(`/recipes/${soup.id}/${await storedHash(photo)}`);
    expect((await fetchPublic(soup.img)).status).toBe(200);
    expect((await recipeTitled(dave, "Cake")).ingredients[0]).toMatchObject({
      name: names.flour,
      amount_grams: 250,
    });
    const bread = await recipeTitled(dave, "Rye bread");
    expect(bread.ingredients[0]).toMatchObject({ name: names.rye, amount_grams: 500 });
    expect(bread.steps).toHaveLength(2);
    expect(await ingredientOwner(names.rye)).toBe(dave.id);
  });
});

describe("POST /imports refuses an upload it cannot read and writes nothing", () => {
  /** No recipe of the caller, none of the upload's ingredient or category names, no object with the picture. */
  async function assertNothingWritten(caller: TestUser, names: string[], pictureHash?: string) {
    const owned = await sql<{ n: number }>`
      select (select count(*) from recipes where user_id = ${caller.id})
           + (select count(*) from ingredients where user_id = ${caller.id})
           + (select count(*) from ingredients where name = any(${names}::text[]))
           + (select count(*) from categories where name = any(${names}::text[])) as n`.execute(getDb());
    expect(Number(owned.rows[0]?.n)).toBe(0);
    if (pictureHash) expect((await bucketKeys()).filter((k) => k.includes(pictureHash))).toEqual([]);
  }

  it("a Paprika recipe that unpacks past the limit, after a first recipe and its photo were written", async () => {
    const erin = await makeUser();
    const names = [food("Quinoa"), food("Supper")];
    const photo = await makeImage("jpeg");
    const good = paprikaRecipe({
      name: "First",
      ingredients: `100 g ${names[0]}`,
      directions: "Cook.",
      categories: [names[1]],
      photo_data: photo.toString("base64"),
    });
    const bomb = gzipSync(Buffer.alloc(MAX_PAPRIKA_RECIPE_BYTES + 1024, 32)); // spaces, a few kB packed
    const res = await importAs(
      erin,
      await zipFiles([
        { name: "A first.paprikarecipe", data: paprikaEntry(good) },
        { name: "B bomb.paprikarecipe", data: bomb },
      ]),
    );
    expect(res.status).toBe(422);
    expect(problem(res, 422).detail).toBe(
      `The archive is invalid: the file 'B bomb.paprikarecipe' unpacks to more than ${MAX_PAPRIKA_RECIPE_BYTES} bytes.`,
    );
    await assertNothingWritten(erin, names, await storedHash(photo));
  });

  const cases: [string, () => Promise<{ bytes: Buffer; names: string[] }>, string][] = [
    [
      "a Paprika export none of whose recipes can be read",
      async () => ({
        bytes: await zipFiles([{ name: "x.paprikarecipe", data: gzipSync("not json") }]),
        names: [],
      }),
      "The archive is invalid: it is a Paprika export, but none of its recipes could be read (File 'x.paprikarecipe' is not a JSON recipe once unpacked).",
    ],
    [
      "a zip of JSON files without a recipe",
      async () => ({
        bytes: await zipFiles([{ name: "a.json", data: "[1, 2]" }]),
        names: [],
      }),
      "The archive is invalid: it has no manifest.json, so it is not an archive of this service, and none of its JSON files holds a schema.org recipe that could be read (File 'a.json' holds no schema.org Recipe).",
    ],
    [
      "a JSON file without a recipe",
      async () => ({ bytes: Buffer.from(JSON.stringify({ "@type": "Person", name: "Ann" })), names: [] }),
      "The archive is invalid: its JSON holds no schema.org Recipe.",
    ],
    [
      "JSON that does not parse",
      async () => ({ bytes: Buffer.from('[{"@type": "Recipe", "name": '), names: [] }),
      "The archive is invalid: it looks like JSON but does not parse",
    ],
    [
      "a file of something else",
      async () => ({ bytes: Buffer.from("Title: Soup\nIngredients: leeks"), names: [] }),
      "The archive is invalid: it is not a readable zip file, a Paprika export or a JSON file of schema.org recipes.",
    ],
    [
      "a zip of neither recipes nor an archive",
      async () => ({ bytes: await zipFiles([{ name: "readme.txt", data: "hello" }]), names: [] }),
      "The archive is invalid: it has no manifest.json, so it is not an archive of this service, and it holds no Paprika recipe (.paprikarecipe) and no JSON file of schema.org recipes.",
    ],
  ];
  for (const [name, make, detail] of cases) {
    it(name, async () => {
      const caller = await makeUser();
      const { bytes, names } = await make();
      const res = await importAs(caller, bytes);
      expect(res.status).toBe(422);
      expect(problem(res, 422).detail.startsWith(detail), problem(res, 422).detail).toBe(true);
      await assertNothingWritten(caller, names);
    });
  }
});

describe("POST /imports of recipes whose text holds a NUL character", () => {
  it("leaves that recipe out with a warning and imports the others (PostgreSQL's text cannot hold NUL)", async () => {
    const user = await makeUser();
    const [good, bad] = [food("Good"), food("Bad")];
    const upload = await zipFiles([
      { name: "A.paprikarecipe", data: paprikaEntry(paprikaRecipe({ name: good, ingredients: "1 egg" })) },
      {
        name: "B.paprikarecipe",
        data: paprikaEntry(
          paprikaRecipe({ name: `${bad}\u0000`, ingredients: "2 eggs", directions: "Boil.\u0000" }),
        ),
      },
    ]);
    const res = await importAs(user, upload);
    expect(res.status).toBe(200);
    expect(res.body.counts.recipes).toBe(1);
    expect(res.body.warnings).toContain(
      "File 'B.paprikarecipe' has a NUL character in its text: it was left out.",
    );
    const titles = await sql<{ title: string }>`select title from recipes where user_id = ${user.id}`.execute(
      getDb(),
    );
    expect(titles.rows.map((r) => r.title)).toEqual([good]);
  });

  it("is a 422 when it was the only recipe, and writes nothing", async () => {
    const user = await makeUser();
    const file = {
      "@context": "https://schema.org",
      "@type": "Recipe",
      name: "Soup\u0000",
      recipeIngredient: ["1 leek"],
    };
    const res = await importAs(user, Buffer.from(JSON.stringify(file)));
    expect(problem(res, 422).detail).toBe(
      "The archive is invalid: none of its recipes could be read (File 'the upload' has a NUL character in its text).",
    );
    const owned = await sql<{
      n: number;
    }>`select count(*) as n from recipes where user_id = ${user.id}`.execute(getDb());
    expect(Number(owned.rows[0]?.n)).toBe(0);
  });
});

describe("POST /imports of recipes with text or amounts PostgreSQL cannot hold as they are", () => {
  it("stores a lone UTF-16 surrogate as U+FFFD, takes a line past the largest weight as one of unknown grams", async () => {
    const user = await makeUser();
    const name = food("Lone");
    // JSON's own escapes, as a file from another program may hold them.
    const file = `[{"@type":"Recipe","name":"${name} \\ud800","recipeIngredient":["999999999999 kg flour","1 cup \\udc00 sugar"],"recipeInstructions":["Mix \\ud800."],"prepTime":"P-1D"}]`;
    const res = await importAs(user, Buffer.from(file));
    expect(res.status).toBe(200);
    expect(res.body.counts.recipes).toBe(1);
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          "Ingredient 1 ('999999999999 kg flour'): the grams are unknown (999999999999 kg",
        ),
        expect.stringContaining("prep time could not be read"),
      ]),
    );
    const recipe = await recipeTitled(user, `${name} \ufffd`);
    expect(recipe.prep_time_sec).toBeNull();
    expect(recipe.steps).toEqual([{ step_number: 1, description: "Mix \ufffd.", timers: [] }]);
    expect(recipe.ingredients.map((l: { amount_readable: string }) => l.amount_readable)).toEqual([
      "999999999999 kg",
      "1 cup",
    ]);
  });
});
