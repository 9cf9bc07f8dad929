/** POST /exports: a zip written to storage, answered with a signed link; `mine` for anyone, `all` for admins. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMAT_VERSION } from "../../core/archive/format.ts";
import { ArchiveReader } from "../../core/archive/reader.ts";
import { download } from "../fixtures/archives/helpers.ts";
import { api, problem } from "../helpers/api.ts";
import { makeIngredient, makeRecipe, makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { uploadPicture } from "../helpers/image-fixtures.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "exports-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Downloads the export and opens it with the service's own reader. */
async function openExport(url: string): Promise<{ reader: ArchiveReader; bytes: Buffer }> {
  const bytes = await download(url);
  const file = join(dir, `${unique("export")}.zip`);
  await writeFile(file, bytes);
  return { reader: await ArchiveReader.open(file), bytes };
}

describe("POST /exports", () => {
  let owner: TestUser;
  let other: TestUser;
  let mine: { id: number; title: string };
  let theirs: { id: number };
  beforeAll(async () => {
    [owner, other] = [await makeUser(), await makeUser()];
    const ingredient = await makeIngredient({ name: unique("Exported leek") });
    mine = await makeRecipe(owner, {
      title: unique("Exported soup"),
      ingredients: [{ ingredient_id: ingredient.id, amount_grams: 300, amount_readable: "2 leeks" }],
      steps: [{ description: "Simmer." }],
    });
    expect((await uploadPicture(`/recipes/${mine.id}/image`, "jpeg", owner.token)).status).toBe(200);
    theirs = await makeRecipe(other);
  });

  it("writes the caller's own content and answers a 15-minute link to it", async () => {
    const before = Date.now();
    const res = await api("POST", "/exports", { token: owner.token, json: { scope: "mine" } });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(res.body.url);
    const expires = Date.parse(res.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 15 * 60 * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60 * 1000);
    expect(res.body.url).toMatch(/X-Amz-Expires=900/);
    expect(res.body.counts).toMatchObject({
      recipes: 1,
      recipe_ingredients: 1,
      recipe_steps: 1,
      ingredients: 1,
      pictures: 2,
    });

    const { reader, bytes } = await openExport(res.body.url);
    try {
      expect(bytes.length).toBe(res.body.size_bytes);
      expect(reader.manifest).toMatchObject({
        format_version: FORMAT_VERSION,
        scope: "mine",
        counts: res.body.counts,
      });
      await reader.verify();
      expect(reader.hasTable("users")).toBe(false);
      const recipes = await reader.rows("recipes");
      expect(recipes.map((r) => r.id)).toEqual([mine.id]);
      expect(recipes.map((r) => r.id)).not.toContain(theirs.id);
      // Picture columns hold object keys, each with its file in images/.
      const img = String(recipes[0]?.img);
      expect(img).toMatch(new RegExp(`^recipes/${mine.id}/[^/]+\\.jpg$`));
      expect(reader.hasImage(img)).toBe(true);
      expect((await reader.image(img)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    } finally {
      reader.close();
    }
  });

  it("writes the whole instance for an admin, users with their password hashes", async () => {
    const admin = await makeUser({ role: "admin" });
    const res = await api("POST", "/exports", { token: admin.token, json: { scope: "all" } });
    expect(res.status).toBe(201);
    const { reader } = await openExport(res.body.url);
    try {
      expect(reader.manifest.scope).toBe("all");
      const users = await reader.rows("users");
      const row = users.find((u) => u.id === owner.id);
      expect(row).toMatchObject({ username: owner.username });
      expect(String(row?.password_hash)).toMatch(/^\$2[aby]\$/);
      expect((await reader.rows("recipes")).map((r) => r.id)).toEqual(
        expect.arrayContaining([mine.id, theirs.id]),
      );
    } finally {
      reader.close();
    }
  });

  it("keeps the whole instance from users (403) and everything from the public (401)", async () => {
    const forbidden = await api("POST", "/exports", { token: owner.token, json: { scope: "all" } });
    expect(problem(forbidden, 403).detail).toBe("This action requires the admin role.");
    const anonymous = await api("POST", "/exports", { json: { scope: "mine" } });
    expect(problem(anonymous, 401).detail).toBe("Not authenticated.");
  });

  it("refuses a body without a known scope (422)", async () => {
    for (const json of [{}, { scope: "everything" }, { scope: "mine", format: "tar" }]) {
      const res = await api("POST", "/exports", { token: owner.token, json });
      expect(problem(res, 422).detail).toBe("Request body is invalid.");
    }
    expect(problem(await api("POST", "/exports", { token: owner.token }), 422).detail).toBe(
      "Request body is required.",
    );
  });
});
