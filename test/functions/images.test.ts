/** Pictures: upload, validation, storage, preview, metadata, ownership, replacement and removal. */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import type { ImageFormat } from "../../core/image/format.ts";
import { handler as recipeUpload } from "../../functions/images/recipe-upload.ts";
import { toEvent } from "../../functions/lib/local.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeCategory,
  makeIngredient,
  makeOwnerlessIngredient,
  makeUser,
  type TestUser,
} from "../helpers/factories.ts";
import {
  CONTENT_TYPES,
  fetchPublic,
  makeImage,
  makeRecipeRow,
  multipart,
  pictureColumns,
  uploadPicture,
} from "../helpers/image-fixtures.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const put = (path: string, bytes: Buffer, contentType: string, token?: string) =>
  api("PUT", path, { body: bytes, headers: { "content-type": contentType }, ...(token ? { token } : {}) });

const isPublic = (url: unknown) => typeof url === "string" && url.startsWith(`${config.storage.publicUrl}/`);

describe("PUT /recipes/<id>/image: formats and storage", () => {
  const formats: ImageFormat[] = ["jpeg", "png", "webp", "avif"];
  it.each(formats)("stores a %s picture readable at its public URL, with a WebP preview", async (format) => {
    const id = await makeRecipeRow(owner.id);
    const res = await put(
      `/recipes/${id}/image`,
      await makeImage(format),
      CONTENT_TYPES[format],
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expect(res.body.steps).toEqual([]); // the whole RecipeRead
    expect(isPublic(res.body.img)).toBe(true);
    expect(isPublic(res.body.preview_img)).toBe(true);
    // Content hash, then a part of this upload's own.
    expect(res.body.img).toMatch(
      new RegExp(`/recipes/${id}/[0-9a-f]{32}-[0-9a-f]{16}\\.(jpg|png|webp|avif)$`),
    );
    expect(res.body.preview_img).toMatch(
      new RegExp(`/recipes/${id}/[0-9a-f]{32}-[0-9a-f]{16}-preview\\.webp$`),
    );
    expect(await pictureColumns("recipes", id)).toEqual({
      img: res.body.img,
      preview_img: res.body.preview_img,
    });

    const original = await fetchPublic(res.body.img);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe(CONTENT_TYPES[format]);
    expect(original.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(original.bytes).metadata();
    expect(meta.format).toBe(format === "avif" ? "heif" : format);
    expect([meta.width, meta.height]).toEqual([64, 48]);

    const preview = await fetchPublic(res.body.preview_img);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(preview.bytes).metadata()).format).toBe("webp");
  });

  it("makes a preview at most 256 px wide that keeps the aspect ratio, and never enlarges", async () => {
    const id = await makeRecipeRow(owner.id);
    const big = await put(
      `/recipes/${id}/image`,
      await makeImage("png", { width: 1000, height: 500 }),
      "image/png",
      owner.token,
    );
    expect(big.status).toBe(200);
    const bigPreview = await sharp((await fetchPublic(big.body.preview_img)).bytes).metadata();
    expect([bigPreview.width, bigPreview.height]).toEqual([256, 128]);
    const bigOriginal = await sharp((await fetchPublic(big.body.img)).bytes).metadata();
    expect([bigOriginal.width, bigOriginal.height]).toEqual([1000, 500]);

    const small = await put(
      `/recipes/${id}/image`,
      await makeImage("jpeg", { width: 100, height: 80 }),
      "image/jpeg",
      owner.token,
    );
    const smallPreview = await sharp((await fetchPublic(small.body.preview_img)).bytes).metadata();
    expect([smallPreview.width, smallPreview.height]).toEqual([100, 80]);
  });

  it("strips EXIF (GPS included) from the stored original and applies the orientation", async () => {
    const upload = await makeImage("jpeg", { width: 40, height: 20, exif: true, orientation: 6 });
    const uploaded = await sharp(upload).metadata();
    expect(uploaded.exif).toBeDefined();
    expect(uploaded.orientation).toBe(6);
    expect(upload.includes(Buffer.from("secret-owner"))).toBe(true);

    const id = await makeRecipeRow(owner.id);
    const res = await put(`/recipes/${id}/image`, upload, "image/jpeg", owner.token);
    expect(res.status).toBe(200);
    for (const url of [res.body.img, res.body.preview_img]) {
      const { bytes } = await fetchPublic(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from("secret-owner"))).toBe(false);
      // orientation 6 is a quarter turn: the stored picture stands upright
      expect([meta.width, meta.height]).toEqual([20, 40]);
    }
  });

  it("replaces a picture: the row shows the new one and the old objects are deleted", async () => {
    const id = await makeRecipeRow(owner.id);
    const first = await put(`/recipes/${id}/image`, await makeImage("jpeg"), "image/jpeg", owner.token);
    const second = await put(`/recipes/${id}/image`, await makeImage("png"), "image/png", owner.token);
    expect(second.status).toBe(200);
    expect(second.body.img).not.toBe(first.body.img);
    expect(await pictureColumns("recipes", id)).toEqual({
      img: second.body.img,
      preview_img: second.body.preview_img,
    });
    expect((await fetchPublic(first.body.img)).status).toBe(404);
    expect((await fetchPublic(first.body.preview_img)).status).toBe(404);
    expect((await fetchPublic(second.body.img)).status).toBe(200);
    expect((await fetchPublic(second.body.preview_img)).status).toBe(200);
  });

  it("gives the same picture uploaded again keys of its own, and still shows it", async () => {
    const id = await makeRecipeRow(owner.id);
    const image = await makeImage("webp");
    const first = await put(`/recipes/${id}/image`, image, "image/webp", owner.token);
    const again = await put(`/recipes/${id}/image`, image, "image/webp", owner.token);
    expect(again.status).toBe(200);
    // Keys are never shared between uploads, so concurrent uploads cannot delete each other's objects.
    expect(again.body.img).not.toBe(first.body.img);
    expect((await fetchPublic(again.body.img)).status).toBe(200);
    expect((await fetchPublic(again.body.preview_img)).status).toBe(200);
    expect((await fetchPublic(first.body.img)).status).toBe(404);
  });
});

describe("PUT /<collection>/<id>/image: what is not a picture", () => {
  let id: number;
  beforeAll(async () => {
    id = await makeRecipeRow(owner.id);
  });

  it("answers 413 past 5 MB", async () => {
    const res = await put(
      `/recipes/${id}/image`,
      Buffer.alloc(5 * 1024 * 1024 + 1),
      "image/jpeg",
      owner.token,
    );
    expect(problem(res, 413).detail).toBe("Request body is larger than 5242880 bytes.");
  });

  it("answers 415 for a content type that is not a supported image", async () => {
    const text = await put(`/recipes/${id}/image`, Buffer.from("hello"), "text/plain", owner.token);
    expect(problem(text, 415).detail).toBe("Content type 'text/plain' is not supported.");
    const gif = await put(`/recipes/${id}/image`, Buffer.from("GIF89a"), "image/gif", owner.token);
    expect(problem(gif, 415).detail).toBe("Content type 'image/gif' is not supported.");
    const none = await api("PUT", `/recipes/${id}/image`, {
      body: await makeImage("png"),
      token: owner.token,
    });
    expect(problem(none, 415).detail).toBe("Content type '(none)' is not supported.");
  });

  it("answers 422 when the bytes are another format than the content type says", async () => {
    const res = await put(`/recipes/${id}/image`, await makeImage("png"), "image/jpeg", owner.token);
    expect(problem(res, 422).detail).toBe(
      "The image is a PNG file, not 'image/jpeg' as its content type says.",
    );
    const text = await put(`/recipes/${id}/image`, Buffer.from("just some text"), "image/webp", owner.token);
    expect(problem(text, 422).detail).toBe("The body is not a WebP image.");
  });

  it("answers 422 for a corrupt image that starts like the right format", async () => {
    const jpeg = await makeImage("jpeg", { width: 200, height: 200 });
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const res = await put(`/recipes/${id}/image`, truncated, "image/jpeg", owner.token);
    expect(problem(res, 422).detail).toBe("The image could not be decoded as JPEG.");
    const png = Buffer.concat([(await makeImage("png")).subarray(0, 16), Buffer.alloc(200, 7)]);
    const garbage = await put(`/recipes/${id}/image`, png, "image/png", owner.token);
    expect(problem(garbage, 422).detail).toBe("The image could not be decoded as PNG.");
  });

  it("answers 422 for an empty body", async () => {
    const res = await put(`/recipes/${id}/image`, Buffer.alloc(0), "image/png", owner.token);
    expect(problem(res, 422).detail).toBe("Request body is required.");
  });

  it("leaves the row untouched after refused uploads", async () => {
    expect(await pictureColumns("recipes", id)).toEqual({ img: null, preview_img: null });
  });
});

describe("multipart/form-data uploads", () => {
  it("takes the file from the field 'image'", async () => {
    const id = await makeRecipeRow(owner.id);
    const image = await makeImage("png");
    const form = multipart("image", image, "image/png");
    const res = await api("PUT", `/recipes/${id}/image`, {
      body: form.body,
      headers: form.headers,
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const stored = await fetchPublic(res.body.img);
    expect((await sharp(stored.bytes).metadata()).format).toBe("png");
    expect(await pictureColumns("recipes", id)).toEqual({
      img: res.body.img,
      preview_img: res.body.preview_img,
    });
  });

  it("recognises the format from the bytes when the part says application/octet-stream", async () => {
    const id = await makeRecipeRow(owner.id);
    const form = multipart("image", await makeImage("webp"), "application/octet-stream");
    const res = await api("PUT", `/recipes/${id}/image`, {
      body: form.body,
      headers: form.headers,
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.img).toMatch(/\.webp$/);
  });

  it("answers 422 without an 'image' field, 415 for a part that is not an image, 422 for a lying part", async () => {
    const id = await makeRecipeRow(owner.id);
    const path = `/recipes/${id}/image`;
    const missing = multipart("photo", await makeImage("png"), "image/png");
    const noField = await api("PUT", path, {
      body: missing.body,
      headers: missing.headers,
      token: owner.token,
    });
    expect(problem(noField, 422).detail).toBe("Multipart field 'image' is required.");
    const textPart = multipart("image", Buffer.from("hello"), "text/plain");
    const text = await api("PUT", path, {
      body: textPart.body,
      headers: textPart.headers,
      token: owner.token,
    });
    expect(problem(text, 415).detail).toBe("Content type 'text/plain' is not supported.");
    const lyingPart = multipart("image", await makeImage("jpeg"), "image/png");
    const lying = await api("PUT", path, {
      body: lyingPart.body,
      headers: lyingPart.headers,
      token: owner.token,
    });
    expect(problem(lying, 422).detail).toBe(
      "The image is a JPEG file, not 'image/png' as its content type says.",
    );
    expect(await pictureColumns("recipes", id)).toEqual({ img: null, preview_img: null });
  });
});

describe("the Lambda path", () => {
  it("decodes a base64-encoded API Gateway v2 event", async () => {
    const id = await makeRecipeRow(owner.id);
    const image = await makeImage("jpeg");
    const event = toEvent(
      {
        method: "PUT",
        url: `/api/v1/recipes/${id}/image`,
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "image/jpeg" },
        body: image,
      },
      "PUT /api/v1/recipes/{recipe_id}/image",
      { recipe_id: String(id) },
    );
    expect(event.isBase64Encoded).toBe(true);
    expect(event.body).toBe(image.toString("base64"));
    const result = await recipeUpload(event, {} as never);
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(result.body);
    expect(await pictureColumns("recipes", id)).toEqual({ img: body.img, preview_img: body.preview_img });
    expect((await sharp((await fetchPublic(body.img)).bytes).metadata()).format).toBe("jpeg");
  });
});

describe("who may change which picture", () => {
  it("recipes: public 401, another user 403, the owner and an admin 200", async () => {
    const id = await makeRecipeRow(owner.id);
    const path = `/recipes/${id}/image`;
    expect((await put(path, await makeImage("png"), "image/png")).status).toBe(401);
    expect(problem(await put(path, await makeImage("png"), "image/png", other.token), 403).detail).toBe(
      `Recipe ID ${id} belongs to another user.`,
    );
    expect((await put(path, await makeImage("png"), "image/png", owner.token)).status).toBe(200);
    const byAdmin = await put(path, await makeImage("png"), "image/png", admin.token);
    expect(byAdmin.status).toBe(200);
    expect(await pictureColumns("recipes", id)).toEqual({
      img: byAdmin.body.img,
      preview_img: byAdmin.body.preview_img,
    });
  });

  it("ingredients: public 401, another user 403, the creator and an admin 200", async () => {
    const { id } = await makeIngredient({ owner });
    const path = `/ingredients/${id}/image`;
    expect((await put(path, await makeImage("png"), "image/png")).status).toBe(401);
    expect(problem(await put(path, await makeImage("png"), "image/png", other.token), 403).detail).toBe(
      `Ingredient ID ${id} belongs to another user.`,
    );
    const byOwner = await put(path, await makeImage("png"), "image/png", owner.token);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.name).toBeDefined();
    expect(isPublic(byOwner.body.img)).toBe(true);
    expect((await put(path, await makeImage("png"), "image/png", admin.token)).status).toBe(200);
  });

  it("an ingredient whose creator is gone: users 403, admin 200", async () => {
    const { id } = await makeOwnerlessIngredient();
    const path = `/ingredients/${id}/image`;
    expect((await put(path, await makeImage("png"), "image/png", owner.token)).status).toBe(403);
    expect((await put(path, await makeImage("png"), "image/png", admin.token)).status).toBe(200);
  });

  it("users: public 401, another user 403, oneself and an admin 200", async () => {
    const self = await makeUser();
    const path = `/users/${self.id}/image`;
    expect((await put(path, await makeImage("png"), "image/png")).status).toBe(401);
    expect(problem(await put(path, await makeImage("png"), "image/png", other.token), 403).detail).toBe(
      `User ID ${self.id} belongs to another user.`,
    );
    const bySelf = await put(path, await makeImage("png"), "image/png", self.token);
    expect(bySelf.status).toBe(200);
    expect(bySelf.body.username).toBe(self.username);
    expect(isPublic(bySelf.body.img)).toBe(true);
    expect((await put(path, await makeImage("png"), "image/png", admin.token)).status).toBe(200);
    expect(await pictureColumns("users", self.id)).not.toEqual({
      img: bySelf.body.img,
      preview_img: bySelf.body.preview_img,
    });
  });

  it("categories: public 401, a user 403, an admin 200", async () => {
    const { id } = await makeCategory();
    const path = `/categories/${id}/image`;
    expect((await put(path, await makeImage("png"), "image/png")).status).toBe(401);
    expect((await put(path, await makeImage("png"), "image/png", owner.token)).status).toBe(403);
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(403);
    const byAdmin = await put(path, await makeImage("png"), "image/png", admin.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.name).toBeDefined();
    expect(await pictureColumns("categories", id)).toEqual({
      img: byAdmin.body.img,
      preview_img: byAdmin.body.preview_img,
    });
  });

  it.each([
    ["recipes", "Recipe"],
    ["ingredients", "Ingredient"],
    ["categories", "Category"],
    ["users", "User"],
  ])("/%s/<missing id>/image is 404", async (collection, noun) => {
    const path = `/${collection}/987654/image`;
    const upload = await put(path, await makeImage("png"), "image/png", admin.token);
    expect(problem(upload, 404).detail).toBe(`${noun} ID 987654 was not found.`);
    const remove = await api("DELETE", path, { token: admin.token });
    expect(problem(remove, 404).detail).toBe(`${noun} ID 987654 was not found.`);
  });
});

describe("DELETE /<collection>/<id>/image", () => {
  it("clears the row and deletes the objects", async () => {
    const id = await makeRecipeRow(owner.id);
    const path = `/recipes/${id}/image`;
    const uploaded = await put(path, await makeImage("avif"), "image/avif", owner.token);
    expect(uploaded.status).toBe(200);

    expect((await api("DELETE", path)).status).toBe(401);
    expect(problem(await api("DELETE", path, { token: other.token }), 403).detail).toBe(
      `Recipe ID ${id} belongs to another user.`,
    );
    expect((await fetchPublic(uploaded.body.img)).status).toBe(200);

    const res = await api("DELETE", path, { token: owner.token });
    expect(res.status).toBe(204);
    expect(await pictureColumns("recipes", id)).toEqual({ img: null, preview_img: null });
    expect((await fetchPublic(uploaded.body.img)).status).toBe(404);
    expect((await fetchPublic(uploaded.body.preview_img)).status).toBe(404);
    // nothing left to remove is still a success
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(204);
  });

  it("works for each collection with its own access", async () => {
    const self = await makeUser();
    const targets: [string, string][] = [
      [`/ingredients/${(await makeIngredient({ owner })).id}/image`, owner.token],
      [`/categories/${(await makeCategory()).id}/image`, admin.token],
      [`/users/${self.id}/image`, self.token],
      [`/recipes/${await makeRecipeRow(owner.id)}/image`, admin.token],
    ];
    for (const [path, token] of targets) {
      const uploaded = await put(path, await makeImage("jpeg"), "image/jpeg", token);
      expect(uploaded.status).toBe(200);
      expect((await api("DELETE", path, { token })).status).toBe(204);
      expect((await fetchPublic(uploaded.body.img)).status).toBe(404);
    }
    expect(await pictureColumns("users", self.id)).toEqual({ img: null, preview_img: null });
  });
});

describe("deleting the row deletes its pictures", () => {
  it("recipes, ingredients, categories and users (with the pictures of their recipes)", async () => {
    const doomed = await makeUser();
    const recipeOfDoomed = await makeRecipeRow(doomed.id);
    const ingredient = (await makeIngredient({ owner })).id;
    const category = (await makeCategory()).id;
    const recipe = await makeRecipeRow(owner.id);
    const uploads: [string, string, string][] = [
      [`/recipes/${recipe}`, owner.token, owner.token],
      [`/ingredients/${ingredient}`, owner.token, owner.token],
      [`/categories/${category}`, admin.token, admin.token],
      [`/users/${doomed.id}`, doomed.token, admin.token],
    ];
    const byDoomed = await uploadPicture(`/recipes/${recipeOfDoomed}/image`, "png", doomed.token);
    expect(byDoomed.status).toBe(200);
    for (const [row, uploader, remover] of uploads) {
      const uploaded = await uploadPicture(`${row}/image`, "jpeg", uploader);
      expect(uploaded.status).toBe(200);
      expect((await api("DELETE", row, { token: remover })).status).toBe(204);
      expect((await fetchPublic(uploaded.body.img)).status).toBe(404);
      expect((await fetchPublic(uploaded.body.preview_img)).status).toBe(404);
    }
    expect((await fetchPublic(byDoomed.body.img)).status).toBe(404);
    expect((await fetchPublic(byDoomed.body.preview_img)).status).toBe(404);
  });
});
