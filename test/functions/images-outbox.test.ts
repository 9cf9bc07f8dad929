/**
 * Issue 11, points 5 and 6: concurrent uploads to one row never leave it pointing at deleted
 * objects, and the objects of rows deleted while storage is down are removed once it is back (the
 * outbox), or by the operator's sweep, which also finds objects nothing names.
 */
import { randomInt } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { keyFromPublicUrl, sweepOrphans } from "../../core/image/cleanup.ts";
import {
  allOrFirstError,
  listObjects,
  putPublicObject,
  replaceStorageClientForTests,
} from "../../core/storage.ts";
import { api } from "../helpers/api.ts";
import { makeUser, type TestUser, unique } from "../helpers/factories.ts";
import {
  CONTENT_TYPES,
  fetchPublic,
  makeImage,
  pictureColumns,
  uploadPicture,
} from "../helpers/image-fixtures.ts";
import { freePort } from "../helpers/ports.ts";

afterEach(() => replaceStorageClientForTests(undefined));

/** Storage "stops": the process's client points at a port nothing listens on. */
async function stopStorage(): Promise<void> {
  replaceStorageClientForTests(
    new S3Client({
      region: config.storage.region,
      endpoint: `http://127.0.0.1:${await freePort()}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      maxAttempts: 1,
    }),
  );
}

/**
 * A recipe with an id far from the sequence, so the objects under its prefix are this test's alone
 * (test files run at once against one bucket, each with its own database on PGlite).
 */
async function recipeWithOwnPrefix(user: TestUser): Promise<number> {
  const id = 600_000_000 + randomInt(100_000_000);
  await sql`
    insert into recipes (id, user_id, title) overriding system value
    values (${id}, ${user.id}, ${unique("Picture recipe")})
  `.execute(getDb());
  return id;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of listObjects(prefix)) keys.push(object.key);
  return keys.sort();
}

const outboxHas = async (keys: string[]) => {
  const rows = await getDb().selectFrom("storage_cleanups").select("key").where("key", "in", keys).execute();
  return rows.map((row) => row.key).sort();
};

describe("concurrent uploads to one row", () => {
  it("never leave the row naming a deleted object, and leave no other object behind", async () => {
    const user = await makeUser();
    const id = await recipeWithOwnPrefix(user);
    const pictures = await Promise.all([makeImage("png"), makeImage("png"), makeImage("png")]);
    for (let round = 0; round < 2; round++) {
      const results = await Promise.all(
        Array.from({ length: 18 }, (_, i) =>
          api("PUT", `/recipes/${id}/image`, {
            token: user.token,
            body: pictures[i % 3],
            headers: { "content-type": CONTENT_TYPES.png },
          }),
        ),
      );
      for (const res of results) expect(res.status).toBe(200);
      const row = await pictureColumns("recipes", id);
      expect((await fetchPublic(row.img ?? "")).status, `round ${round}: img`).toBe(200);
      expect((await fetchPublic(row.preview_img ?? "")).status, `round ${round}: preview`).toBe(200);
      expect(await keysUnder(`recipes/${id}/`)).toEqual(
        [row.img, row.preview_img].map((url) => keyFromPublicUrl(url ?? "")).sort(),
      );
    }
  }, 60_000);
});

describe("objects of rows deleted while storage is down", () => {
  it("are kept in the outbox and deleted by the next deletion that reaches storage", async () => {
    const user = await makeUser();
    const id = await recipeWithOwnPrefix(user);
    const upload = await uploadPicture(`/recipes/${id}/image`, "jpeg", user.token);
    expect(upload.status).toBe(200);
    const keys = [upload.body.img, upload.body.preview_img].map((url: string) => keyFromPublicUrl(url) ?? "");

    await stopStorage();
    expect((await api("DELETE", `/recipes/${id}`, { token: user.token })).status).toBe(204);
    expect(await outboxHas(keys)).toEqual([...keys].sort());
    replaceStorageClientForTests(undefined);
    expect(await keysUnder(`recipes/${id}/`)).toHaveLength(2); // still there: nothing could delete them

    // Storage is back: any later deletion retries the outbox.
    const other = await recipeWithOwnPrefix(user);
    await uploadPicture(`/recipes/${other}/image`, "png", user.token);
    expect((await api("DELETE", `/recipes/${other}/image`, { token: user.token })).status).toBe(204);
    expect(await keysUnder(`recipes/${id}/`)).toEqual([]);
    expect(await outboxHas(keys)).toEqual([]);
  });

  it("are deleted by the sweep once storage is back, for every kind of row", async () => {
    const user = await makeUser();
    const id = await recipeWithOwnPrefix(user);
    const upload = await uploadPicture(`/users/${user.id}/image`, "webp", user.token);
    expect(upload.status).toBe(200);
    const recipeUpload = await uploadPicture(`/recipes/${id}/image`, "webp", user.token);
    const keys = [
      upload.body.img,
      upload.body.preview_img,
      recipeUpload.body.img,
      recipeUpload.body.preview_img,
    ].map((url: string) => keyFromPublicUrl(url) ?? "");
    await stopStorage();
    expect((await api("DELETE", `/users/${user.id}`, { token: user.token })).status).toBe(204);
    expect(await outboxHas(keys)).toEqual([...keys].sort());
    replaceStorageClientForTests(undefined);

    const result = await sweepOrphans(getDb(), { olderThan: new Date(0), prefixes: [`recipes/${id}/`] });
    expect(result.outbox).toBeGreaterThanOrEqual(4);
    expect(await outboxHas(keys)).toEqual([]);
    for (const key of keys)
      expect((await fetchPublic(`${config.storage.publicUrl}/${key}`)).status).toBe(404);
  });
});

describe("several storage requests at once (the two objects of a picture)", () => {
  it("answer only once every one has ended, with the first failure", async () => {
    // A request still retrying when the caller has already recorded the failure (or cleaned up)
    // would delete or write behind its back: the fault suite saw a deletion land after a restart.
    let slowEnded = false;
    const slow = new Promise<string>((resolve) =>
      setTimeout(() => {
        slowEnded = true;
        resolve("deleted");
      }, 20),
    );
    await expect(
      allOrFirstError([Promise.reject(new Error("Storage is unavailable.")), slow]),
    ).rejects.toThrow("Storage is unavailable.");
    expect(slowEnded).toBe(true);
    expect(await allOrFirstError([Promise.resolve(1), Promise.resolve(2)])).toEqual([1, 2]);
  });
});

describe("sweepOrphans", () => {
  it("deletes old objects no row names, keeps named and young ones; a dry run only reports", async () => {
    const user = await makeUser();
    const id = await recipeWithOwnPrefix(user);
    const named = await uploadPicture(`/recipes/${id}/image`, "png", user.token);
    const orphan = `recipes/${id}/left-by-a-killed-process.png`;
    await putPublicObject(orphan, await makeImage("png"), "image/png");
    const prefixes = [`recipes/${id}/`];
    const inAMinute = new Date(Date.now() + 60_000);

    const dry = await sweepOrphans(getDb(), { olderThan: inAMinute, dryRun: true, prefixes });
    expect(dry.orphans).toEqual([orphan]);
    expect(await keysUnder(`recipes/${id}/`)).toHaveLength(3);

    const young = await sweepOrphans(getDb(), { olderThan: new Date(Date.now() - 3_600_000), prefixes });
    expect(young.orphans).toEqual([]);

    const swept = await sweepOrphans(getDb(), { olderThan: inAMinute, prefixes });
    expect(swept.orphans).toEqual([orphan]);
    expect(await keysUnder(`recipes/${id}/`)).toEqual(
      [named.body.img, named.body.preview_img].map((url: string) => keyFromPublicUrl(url)).sort(),
    );
  });
});
