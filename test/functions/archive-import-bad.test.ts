/**
 * Bad archives: each is a 422 naming its reason, and nothing is written: no row for the caller or
 * with the archive's names, no picture object under the archive's picture names.
 */
import { randomBytes } from "node:crypto";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { FORMAT_VERSION, IMPORT_LIMITS } from "../../core/archive/format.ts";
import { ARCHIVE_IMPORT_LIMIT } from "../../core/archive/import-service.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { getStorage } from "../../core/storage.ts";
import {
  type ArchiveSpec,
  archiveEntries,
  buildArchive,
  EMPTY_MINE_TABLES,
  sha256,
  uploadArchive,
  zipOf,
} from "../fixtures/archives/helpers.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { makeImage } from "../helpers/image-fixtures.ts";

const now = new Date().toISOString();

/** A small valid archive: one recipe with a new ingredient, a new category and a picture. */
async function goodSpec() {
  const picture = await makeImage("png");
  const key = `recipes/7/${sha256(picture)}.png`;
  const names = {
    recipe: unique("Imported soup"),
    ingredient: unique("Imported leek"),
    store: unique("Imported store"),
  };
  const spec: ArchiveSpec = {
    tables: {
      ...EMPTY_MINE_TABLES,
      recipes: [{ id: 7, title: names.recipe, servings: 2, created_at: now, img: key, preview_img: null }],
      ingredients: [{ id: 3, name: names.ingredient }],
      recipe_ingredients: [
        { recipe_id: 7, ingredient_id: 3, position: 0, amount_grams: 200, amount_readable: "1 leek" },
      ],
      recipe_steps: [{ recipe_id: 7, step_number: 1, description: "Simmer." }],
      stores: [{ id: 4, name: names.store }],
    },
    images: { [key]: picture },
  };
  return { spec, names, pictureHash: sha256(picture) };
}

/** What a failed import must not have left: the caller's rows, rows with the archive's names, objects with its picture. */
async function assertNothingWritten(user: TestUser, names: Record<string, string>, pictureHash: string) {
  const db = getDb();
  const owned = await sql<{ n: number }>`
    select (select count(*) from recipes where user_id = ${user.id})
         + (select count(*) from stores where user_id = ${user.id})
         + (select count(*) from ingredients where user_id = ${user.id})
         + (select count(*) from recipes where title = ${names.recipe})
         + (select count(*) from ingredients where name = ${names.ingredient})
         + (select count(*) from stores where name = ${names.store}) as n`.execute(db);
  expect(Number(owned.rows[0]?.n)).toBe(0);
  const listed = await getStorage().send(
    new ListObjectsV2Command({ Bucket: config.storage.bucket, MaxKeys: 1000 }),
  );
  const keys = (listed.Contents ?? []).map((o) => o.Key ?? "");
  expect(keys.filter((k) => k.includes(pictureHash))).toEqual([]);
}

/** Each import by a user of its own: imports are rationed per user (ARCHIVE_IMPORT_LIMIT). */
async function importBytes(user: TestUser, bytes: Buffer) {
  const key = await uploadArchive(user.token, bytes);
  return api("POST", "/imports", { token: user.token, json: { key } });
}

/** The good archive with one row of a table changed (the first, or the one added). */
function withRow(spec: ArchiveSpec, table: string, row: Record<string, unknown>): Buffer {
  const [first, ...rest] = spec.tables[table] ?? [];
  const rows = [{ ...(first as object), ...row }, ...rest];
  return buildArchive({ ...spec, tables: { ...spec.tables, [table]: rows } });
}

describe("POST /imports refuses a bad archive and writes nothing", () => {
  it("accepts the good archive these cases start from (so each failure below is its own)", async () => {
    const other = await makeUser();
    const { spec } = await goodSpec();
    const key = await uploadArchive(other.token, buildArchive(spec));
    const res = await api("POST", "/imports", { token: other.token, json: { key } });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ recipes: 1, ingredients: 1, stores: 1, pictures: 1 });
  });

  type Good = Awaited<ReturnType<typeof goodSpec>>;

  const cases: [string, (good: Good) => Promise<{ bytes: Buffer; detail: RegExp }>][] = [
    [
      "a truncated zip",
      async ({ spec }) => {
        const bytes = buildArchive(spec);
        return { bytes: bytes.subarray(0, Math.floor(bytes.length / 2)), detail: /not a readable zip file/ };
      },
    ],
    [
      "not a zip at all",
      async () => ({ bytes: Buffer.from("just some text"), detail: /not a readable zip file/ }),
    ],
    [
      "a zip bomb (30 MB of zeros in a few kilobytes)",
      async ({ spec }) => {
        const entries = archiveEntries(spec);
        entries.unshift({ name: "data/padding.json", data: Buffer.alloc(30 * 1024 * 1024) });
        return { bytes: zipOf(entries), detail: /unpacks \d+ times its packed size/ };
      },
    ],
    [
      "a data file over the import's cap",
      async ({ spec }) => {
        const entries = archiveEntries(spec);
        entries.unshift({ name: "data/padding.json", data: Buffer.alloc(64 * 1024 * 1024) });
        return {
          bytes: zipOf(entries),
          detail: new RegExp(
            `the file 'data/padding\\.json' unpacks to 67108864 bytes, more than ${IMPORT_LIMITS.maxDataFileBytes}\\.$`,
          ),
        };
      },
    ],
    [
      "a zip bomb whose directory lies about the size",
      async ({ spec }) => {
        const entries = archiveEntries(spec).map((e) =>
          e.name === "data/recipe_steps.json"
            ? { ...e, data: Buffer.alloc(5 * 1024 * 1024, 32), declaredSize: 10 }
            : e,
        );
        return {
          bytes: zipOf(entries),
          detail: /size differs from what the zip directory says|does not match its SHA-256/,
        };
      },
    ],
    [
      "a path with ../",
      async ({ spec }) => {
        return {
          bytes: zipOf([{ name: "../../etc/evil.json", data: Buffer.from("[]") }, ...archiveEntries(spec)]),
          detail: /unsafe file path/,
        };
      },
    ],
    [
      "an absolute path",
      async ({ spec }) => {
        return {
          bytes: zipOf([{ name: "/tmp/evil.json", data: Buffer.from("[]") }, ...archiveEntries(spec)]),
          detail: /unsafe file path/,
        };
      },
    ],
    [
      "a checksum that does not match",
      async ({ spec }) => {
        const entries = archiveEntries(spec).map((e) =>
          e.name === "data/recipes.json"
            ? {
                ...e,
                data: Buffer.from(
                  e.data.toString().replace("Simmer", "Boil").replace('"servings":2', '"servings":3'),
                ),
              }
            : e,
        );
        return { bytes: zipOf(entries), detail: /'data\/recipes\.json' does not match its SHA-256/ };
      },
    ],
    [
      "a picture whose checksum does not match",
      async ({ spec }) => {
        const entries = archiveEntries(spec).map((e) =>
          e.name.startsWith("images/") ? { ...e, data: Buffer.concat([e.data, Buffer.from([0])]) } : e,
        );
        return {
          bytes: zipOf(entries),
          detail: /'images\/recipes\/7\/[0-9a-f]+\.png' does not match its SHA-256/,
        };
      },
    ],
    [
      "a newer format",
      async ({ spec }) => {
        return {
          bytes: buildArchive({ ...spec, manifest: { format_version: FORMAT_VERSION + 1 } }),
          detail: new RegExp(
            `format version ${FORMAT_VERSION + 1}, newer than this service reads \\(${FORMAT_VERSION}\\)`,
          ),
        };
      },
    ],
    [
      "a missing table",
      async ({ spec }) => {
        const { recipe_steps: _, ...tables } = spec.tables;
        return { bytes: buildArchive({ ...spec, tables }), detail: /missing the table 'recipe_steps'/ };
      },
    ],
    [
      "a zip of something else (no manifest)",
      async () => ({
        bytes: zipOf([{ name: "recipes.json", data: Buffer.from("[]") }]),
        detail: /no manifest\.json/,
      }),
    ],
    [
      "another program's manifest",
      async ({ spec }) => {
        return {
          bytes: buildArchive({ ...spec, manifest: { format: "mealie" } }),
          detail: /does not name the format/,
        };
      },
    ],
    [
      "a file the manifest does not list",
      async ({ spec }) => {
        return {
          bytes: buildArchive({ ...spec, extra: [{ name: "data/secret.json", data: Buffer.from("[]") }] }),
          detail: /'data\/secret\.json' is not listed in its manifest/,
        };
      },
    ],
    [
      "a row that breaks the table's bounds",
      async ({ spec }) => {
        const recipes = [{ ...(spec.tables.recipes?.[0] as object), title: "x".repeat(201) }];
        return {
          bytes: buildArchive({ ...spec, tables: { ...spec.tables, recipes } }),
          detail: /row ID 7 of its table 'recipes' has an invalid 'title'/,
        };
      },
    ],
    [
      "a NUL character in a recipe's title",
      async ({ spec, names }) => ({
        bytes: withRow(spec, "recipes", { title: `${names.recipe}\u0000` }),
        detail:
          /^The archive is invalid: row ID 7 of its table 'recipes' has an invalid 'title': must not contain the NUL character\.$/,
      }),
    ],
    [
      "a NUL character in a step",
      async ({ spec }) => ({
        bytes: withRow(spec, "recipe_steps", { description: "Sim\u0000mer." }),
        detail:
          /row number 1 of its table 'recipe_steps' has an invalid 'description': must not contain the NUL/,
      }),
    ],
    [
      "a source address with a space (the table's check)",
      async ({ spec }) => ({
        bytes: withRow(spec, "recipes", { source_url: "https://example.com/a b" }),
        detail: /row ID 7 of its table 'recipes' has an invalid 'source_url'/,
      }),
    ],
    [
      "cooking and preparing times whose sum passes an integer",
      async ({ spec }) => ({
        bytes: withRow(spec, "recipes", { cook_time_sec: 2_000_000_000, prep_time_sec: 2_000_000_000 }),
        detail: /row ID 7 of its table 'recipes' has an invalid 'cook_time_sec'/,
      }),
    ],
    [
      "a creation time PostgreSQL does not read",
      async ({ spec }) => ({
        bytes: withRow(spec, "recipes", { created_at: "1" }),
        detail: /row ID 7 of its table 'recipes' has an invalid 'created_at'/,
      }),
    ],
    [
      "a meal plan day that does not exist",
      async ({ spec }) => ({
        bytes: buildArchive({
          ...spec,
          tables: {
            ...spec.tables,
            meal_plan_entries: [
              { date: "2024-02-30", meal: "lunch", recipe_id: 7, servings: null, note: "" },
            ],
          },
        }),
        detail: /row number 1 of its table 'meal_plan_entries' has an invalid 'date'/,
      }),
    ],
    [
      "a data file that is not a list of rows",
      async ({ spec }) => ({
        bytes: buildArchive({ ...spec, tables: { ...spec.tables, recipe_steps: { a: 1 } as never } }),
        detail: /its file 'data\/recipe_steps\.json' is not a list of rows\.$/,
      }),
    ],
    [
      "a data file cut short",
      async ({ spec }) => {
        const entries = archiveEntries(spec).map((e) =>
          e.name === "data/recipe_steps.json" ? { ...e, data: e.data.subarray(0, e.data.length - 2) } : e,
        );
        // The manifest's checksum is of the cut file, so only the JSON is at fault.
        const manifest = entries.find((e) => e.name === "manifest.json") as { data: Buffer };
        const parsed = JSON.parse(manifest.data.toString());
        for (const e of entries) if (e.name.startsWith("data/")) parsed.files[e.name] = sha256(e.data);
        manifest.data = Buffer.from(JSON.stringify(parsed));
        return { bytes: zipOf(entries), detail: /its file 'data\/recipe_steps\.json' is not valid JSON\.$/ };
      },
    ],
    [
      "a row longer than 1 MiB",
      async ({ spec }) => ({
        // Letters that do not compress far (a zip bomb's ratio would be refused first).
        bytes: withRow(spec, "recipes", {
          description: Array.from({ length: IMPORT_LIMITS.maxRowBytes }, (_, i) =>
            String.fromCharCode(97 + ((i * 2654435761) >>> 27)),
          ).join(""),
        }),
        detail: /row number 1 of its file 'data\/recipes\.json' is longer than 1048576 bytes\.$/,
      }),
    ],
    [
      "more files than an import takes (refused from the zip's directory, before any file is read)",
      async ({ spec }) => {
        const padding = Array.from({ length: IMPORT_LIMITS.maxEntries }, (_, i) => ({
          name: `images/pad/${i}`,
          data: Buffer.alloc(0),
          store: true,
        }));
        const entries = [...archiveEntries(spec), ...padding];
        return {
          bytes: zipOf(entries),
          detail: new RegExp(
            `^The archive is invalid: it holds ${entries.length} files, more than the limit of ${IMPORT_LIMITS.maxEntries}\\.$`,
          ),
        };
      },
    ],
    [
      "data files over the import's total for data (each under its own cap)",
      async ({ spec }) => {
        // Noise that the directory says unpacks to 30 MiB each: within the file cap and the
        // compression ratio, over the total. Refused from the directory: nothing is inflated.
        const declaredSize = 30 * 1024 * 1024;
        const pads = ["data/pad1.json", "data/pad2.json"].map((name) => ({
          name,
          data: randomBytes(200 * 1024),
          declaredSize,
        }));
        return {
          bytes: zipOf([...archiveEntries(spec), ...pads]),
          detail: new RegExp(
            `its data files unpack to \\d+ bytes, more than ${IMPORT_LIMITS.maxDataBytes}\\.$`,
          ),
        };
      },
    ],
    [
      "a line naming an ingredient the archive does not hold",
      async ({ spec }) => {
        const recipe_ingredients = [
          { recipe_id: 7, ingredient_id: 99, position: 0, amount_grams: 1, amount_readable: "" },
        ];
        return {
          bytes: buildArchive({ ...spec, tables: { ...spec.tables, recipe_ingredients } }),
          detail: /'recipe_ingredients' refers to ingredient ID 99, which it does not hold/,
        };
      },
    ],
    [
      "a picture that is not an image (after the rows and a first picture were written)",
      async ({ spec }) => {
        const junkKey = "recipes/8/junk.png";
        const recipes = [
          ...(spec.tables.recipes ?? []),
          { id: 8, title: unique("Second"), created_at: now, img: junkKey, preview_img: null },
        ];
        return {
          bytes: buildArchive({
            ...spec,
            tables: { ...spec.tables, recipes },
            images: { ...spec.images, [junkKey]: Buffer.from("not an image") },
          }),
          detail: /the picture 'recipes\/8\/junk\.png' is not a JPEG, PNG, WebP or AVIF image/,
        };
      },
    ],
  ];

  it.each(cases)("%s", async (_name, make) => {
    const user = await makeUser();
    const good = await goodSpec();
    const { bytes, detail } = await make(good);
    const res = await importBytes(user, bytes);
    expect(problem(res, 422).detail).toMatch(/^The archive is invalid: /);
    expect(res.body.detail).toMatch(detail);
    await assertNothingWritten(user, good.names, good.pictureHash);
  });
});

describe("POST /imports is rationed per user", () => {
  it(`answers 429 with Retry-After after ${ARCHIVE_IMPORT_LIMIT.max} imports within the hour, whatever their outcome`, async () => {
    const [user, other] = [await makeUser(), await makeUser()];
    const never = `imports/${user.id}/00000000-0000-4000-8000-000000000000.zip`;
    for (let i = 0; i < ARCHIVE_IMPORT_LIMIT.max; i++) {
      const res = await api("POST", "/imports", { token: user.token, json: { key: never } });
      expect(problem(res, 422).detail).toBe(`Upload '${never}' was not found.`);
    }
    const refused = await api("POST", "/imports", { token: user.token, json: { key: never } });
    expect(problem(refused, 429).detail).toMatch(/^Too many archive imports\. Try again in \d+ seconds\.$/);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.body.detail).toContain(`in ${wait} seconds`);
    // Someone else's imports are their own.
    const theirs = `imports/${other.id}/00000000-0000-4000-8000-000000000000.zip`;
    expect((await api("POST", "/imports", { token: other.token, json: { key: theirs } })).status).toBe(422);
  });
});
