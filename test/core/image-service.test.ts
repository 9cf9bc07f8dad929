/** The picture service's ordering guarantees: a failed row update leaves no objects behind. */
import { randomInt } from "node:crypto";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { type Db, getDb } from "../../core/db.ts";
import { replacePicture } from "../../core/image/service.ts";
import { getStorage } from "../../core/storage.ts";
import { makeUser, unique } from "../helpers/factories.ts";
import { fetchPublic, makeImage, pictureColumns } from "../helpers/image-fixtures.ts";

/** A recipe with an id far from the sequence, so its object prefix is this test's alone. */
async function recipeWithOwnPrefix(userId: number): Promise<number> {
  const id = 500_000_000 + randomInt(100_000_000);
  await sql`
    insert into recipes (id, user_id, title) overriding system value
    values (${id}, ${userId}, ${unique("Failing recipe")})
  `.execute(getDb());
  return id;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await getStorage().send(
    new ListObjectsV2Command({ Bucket: config.storage.bucket, Prefix: prefix }),
  );
  return (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
}

/** The real database, except that every transaction fails as if the connection dropped. */
const failingTransactions = (db: Db): Db =>
  new Proxy(db, {
    get: (target, property) => {
      if (property === "transaction") {
        return () => ({
          execute: async () => {
            throw new Error("the row update failed");
          },
        });
      }
      const value = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields: methods must run on the real instance
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

describe("replacePicture when the row update fails", () => {
  it("removes the objects it wrote and keeps the old picture", async () => {
    const user = await makeUser();
    const caller = { id: user.id, username: user.username, role: user.role };
    const id = await recipeWithOwnPrefix(user.id);
    await replacePicture(getDb(), "Recipe", id, await makeImage("jpeg"), "image/jpeg", caller);
    const before = await pictureColumns("recipes", id);
    expect(await keysUnder(`recipes/${id}/`)).toHaveLength(2);

    await expect(
      replacePicture(failingTransactions(getDb()), "Recipe", id, await makeImage("png"), "image/png", caller),
    ).rejects.toThrow("the row update failed");

    expect(await pictureColumns("recipes", id)).toEqual(before);
    const keys = await keysUnder(`recipes/${id}/`);
    expect(keys.sort()).toEqual(
      [before.img, before.preview_img].map((url) => url?.slice(config.storage.publicUrl.length + 1)).sort(),
    );
    expect((await fetchPublic(before.img ?? "")).status).toBe(200);
  });

  it("does not delete the current objects when the failed upload was the same picture", async () => {
    const user = await makeUser();
    const caller = { id: user.id, username: user.username, role: user.role };
    const id = await recipeWithOwnPrefix(user.id);
    const image = await makeImage("webp");
    await replacePicture(getDb(), "Recipe", id, image, "image/webp", caller);
    const before = await pictureColumns("recipes", id);

    await expect(
      replacePicture(failingTransactions(getDb()), "Recipe", id, image, "image/webp", caller),
    ).rejects.toThrow("the row update failed");
    expect((await fetchPublic(before.img ?? "")).status).toBe(200);
    expect((await fetchPublic(before.preview_img ?? "")).status).toBe(200);
    expect(await keysUnder(`recipes/${id}/`)).toHaveLength(2);
  });
});
