import { S3Client } from "@aws-sdk/client-s3";
import { afterEach, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { replaceStorageClientForTests } from "../../core/storage.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser } from "../helpers/factories.ts";
import { fetchPublic, makeRecipeRow, pictureColumns, uploadPicture } from "../helpers/image-fixtures.ts";
import { freePort } from "../helpers/ports.ts";

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

afterEach(() => replaceStorageClientForTests(undefined));

describe("storage stopped mid-test", () => {
  it("upload: 503 'Storage is unavailable.' and the row keeps its picture", async () => {
    const user = await makeUser();
    const id = await makeRecipeRow(user.id);
    const path = `/recipes/${id}/image`;
    const first = await uploadPicture(path, "jpeg", user.token);
    expect(first.status).toBe(200);

    await stopStorage();
    const res = await uploadPicture(path, "png", user.token);
    expect(problem(res, 503).detail).toBe("Storage is unavailable.");
    expect(await pictureColumns("recipes", id)).toEqual({
      img: first.body.img,
      preview_img: first.body.preview_img,
    });

    replaceStorageClientForTests(undefined);
    expect((await fetchPublic(first.body.img)).status).toBe(200);
  });

  it("remove: 503 and the row keeps its picture, whose objects are still there", async () => {
    const user = await makeUser();
    const id = await makeRecipeRow(user.id);
    const path = `/recipes/${id}/image`;
    const first = await uploadPicture(path, "webp", user.token);
    expect(first.status).toBe(200);

    await stopStorage();
    const res = await api("DELETE", path, { token: user.token });
    expect(problem(res, 503).detail).toBe("Storage is unavailable.");
    expect(await pictureColumns("recipes", id)).toEqual({
      img: first.body.img,
      preview_img: first.body.preview_img,
    });

    replaceStorageClientForTests(undefined);
    expect((await fetchPublic(first.body.preview_img)).status).toBe(200);
  });

  it("health reports the storage as unavailable", async () => {
    await stopStorage();
    const res = await api("GET", "/health");
    expect(res.status).toBe(503);
    expect(res.body.storage).toBe("unavailable");
  });
});
