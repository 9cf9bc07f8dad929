/**
 * What a client sent as a picture: the body itself with an image content type, or a
 * `multipart/form-data` form whose `image` field carries the file (what a browser form or
 * `curl -F image=@photo.jpg` sends). Either way the result is the bytes and the claimed format.
 */
import busboy from "busboy";
import { BadRequest, Invalid, UnsupportedMediaType } from "../errors.ts";
import { formatOfContentType, type PictureUpload, sniffFormat } from "./format.ts";
import { type Ration, readPictureFromUrl } from "./from-url.ts";

export const MULTIPART_FIELD = "image";

/**
 * Reads the upload from a request body (a `{url}` one fetched within `ration`); 415 for a content
 * type we do not take, 422 for an empty one.
 */
export async function readPictureUpload(
  body: Buffer,
  contentType: string | undefined,
  ration: Ration,
): Promise<PictureUpload> {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType === "multipart/form-data") return readMultipart(body, contentType ?? "");
  if (mediaType === "application/json") return readPictureFromUrl(body, ration);
  const format = formatOfContentType(contentType);
  if (!format) throw UnsupportedMediaType(contentType ?? "(none)");
  if (body.length === 0) throw Invalid("Request body is required.");
  return { bytes: body, format };
}

type FilePart = { bytes: Buffer; mimeType: string };

async function readMultipart(body: Buffer, contentType: string): Promise<PictureUpload> {
  const file = await findFilePart(body, contentType);
  if (!file || file.bytes.length === 0) throw Invalid(`Multipart field '${MULTIPART_FIELD}' is required.`);
  // Clients that cannot tell the type send application/octet-stream: the bytes decide then.
  const generic = file.mimeType === "" || file.mimeType === "application/octet-stream";
  const format = generic ? sniffFormat(file.bytes) : formatOfContentType(file.mimeType);
  if (!format) throw UnsupportedMediaType(file.mimeType || "(none)");
  return { bytes: file.bytes, format };
}

/**
 * The `image` file part of a form, or undefined when there is none. Every way a body can be broken
 * (no boundary, a part cut off, a bad part header, too many parts) is a 400: busboy reports a
 * truncated body as an error on the file's own stream, which must be listened to, or it would end
 * the process.
 */
function findFilePart(body: Buffer, contentType: string): Promise<FilePart | undefined> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { parts: 20, fields: 19 } });
    } catch {
      reject(BadRequest("Multipart body has no boundary."));
      return;
    }
    let found: FilePart | undefined;
    let failed = false;
    const malformed = () => {
      failed = true;
      reject(BadRequest("Multipart body is malformed or cut short."));
    };
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("error", malformed);
      stream.on("data", (chunk: Buffer) => {
        if (name === MULTIPART_FIELD && !found) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (name === MULTIPART_FIELD && !found && !failed) {
          found = { bytes: Buffer.concat(chunks), mimeType: info.mimeType.toLowerCase() };
        }
      });
    });
    parser.on("partsLimit", () => reject(BadRequest("Multipart body has more than 20 parts.")));
    parser.on("error", malformed);
    parser.on("close", () => resolve(found));
    parser.end(body);
  });
}
