/**
 * Bad archives: each is a 422 naming its reason, and nothing is written: no row for the caller or
 * with the archive's names, no picture object under the archive's picture names.
 */
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { FORMAT_VERSION } from "../../core/archive/format.ts";
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

let user: TestUser;
beforeAll(async () => {
  user = await makeUser();
});

async function importBytes(bytes: Buffer) {
  const key = await uploadArchive(user.token, bytes);
  return api("POST", "/imports", { token: user.token, json: { key } });
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
      "a zip bomb (64 MB of zeros in a few kilobytes)",
      async ({ spec }) => {
        const entries = archiveEntries(spec);
        entries.unshift({ name: "data/padding.json", data: Buffer.alloc(64 * 1024 * 1024) });
        return { bytes: zipOf(entries), detail: /unpacks \d+ times its packed size/ };
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
    const good = await goodSpec();
    const { bytes, detail } = await make(good);
    const res = await importBytes(bytes);
    expect(problem(res, 422).detail).toMatch(/^The archive is invalid: /);
    expect(res.body.detail).toMatch(detail);
    await assertNothingWritten(user, good.names, good.pictureHash);
  });
});
