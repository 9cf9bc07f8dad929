/**
 * Issue 11, point 1: every broken multipart body is a 400 (or the 422 of a missing field) with a
 * sentence, never an unhandled stream error that would end the process. Vitest fails a run on an
 * unhandled error, and the fault suite (test/faults) sends the same bodies to a real server process.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, problem } from "../helpers/api.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { makeImage, makeRecipeRow, multipart, pictureColumns } from "../helpers/image-fixtures.ts";

let owner: TestUser;
let png: Buffer;

beforeAll(async () => {
  owner = await makeUser();
  png = await makeImage("png");
});

const crlf = "\r\n";
const head = (boundary: string, type = "image/png") =>
  `--${boundary}${crlf}Content-Disposition: form-data; name="image"; filename="a.png"${crlf}Content-Type: ${type}${crlf}${crlf}`;

/** The broken bodies, each with its content type. */
const shapes: [string, () => { body: Buffer; type: string }, number, string][] = [
  [
    "a body cut off after the file part's first bytes",
    () => ({
      body: Buffer.concat([Buffer.from(head("XX")), png.subarray(0, 20)]),
      type: "multipart/form-data; boundary=XX",
    }),
    400,
    "Multipart body is malformed or cut short.",
  ],
  [
    "a body cut off inside the part's headers",
    () => ({
      body: Buffer.from(`--XX${crlf}Content-Disposition: form-data; na`),
      type: "multipart/form-data; boundary=XX",
    }),
    400,
    "Multipart body is malformed or cut short.",
  ],
  [
    "a body cut off right after the first boundary",
    () => ({ body: Buffer.from("--XX"), type: "multipart/form-data; boundary=XX" }),
    400,
    "Multipart body is malformed or cut short.",
  ],
  [
    "a content type without a boundary",
    () => ({
      body: Buffer.concat([Buffer.from(head("XX")), png, Buffer.from(`${crlf}--XX--${crlf}`)]),
      type: "multipart/form-data",
    }),
    400,
    "Multipart body has no boundary.",
  ],
  [
    "more than 20 parts",
    () => {
      const parts = Array.from(
        { length: 25 },
        (_, i) => `--XX${crlf}Content-Disposition: form-data; name="f${i}"${crlf}${crlf}x${crlf}`,
      );
      return {
        body: Buffer.from(`${parts.join("")}--XX--${crlf}`),
        type: "multipart/form-data; boundary=XX",
      };
    },
    400,
    "Multipart body has more than 20 parts.",
  ],
  [
    "a body whose boundary is not the announced one",
    () => ({
      body: Buffer.concat([Buffer.from(head("YY")), png, Buffer.from(`${crlf}--YY--${crlf}`)]),
      type: "multipart/form-data; boundary=XX",
    }),
    400,
    "Multipart body is malformed or cut short.",
  ],
];

describe("PUT /recipes/<id>/image with a broken multipart body", () => {
  it.each(shapes)("answers %s with a sentence and changes nothing", async (_, make, status, detail) => {
    const id = await makeRecipeRow(owner.id);
    const { body, type } = make();
    const res = await api("PUT", `/recipes/${id}/image`, {
      token: owner.token,
      body,
      headers: { "content-type": type },
    });
    expect(problem(res, status).detail).toBe(detail);
    expect(await pictureColumns("recipes", id)).toEqual({ img: null, preview_img: null });
  });

  it("still takes a whole form afterwards", async () => {
    const id = await makeRecipeRow(owner.id);
    const form = multipart("image", png, "image/png");
    const res = await api("PUT", `/recipes/${id}/image`, {
      token: owner.token,
      body: form.body,
      headers: form.headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.img).toMatch(/\.png$/);
  });
});
