/**
 * The picture formats the service accepts, and how to recognise each from its first bytes.
 * The content type a client sends is a claim; the magic bytes (and then a real decode) decide.
 */

export type ImageFormat = "jpeg" | "png" | "webp" | "avif";

type FormatInfo = { contentType: string; extension: string; label: string };

export const IMAGE_FORMATS: Record<ImageFormat, FormatInfo> = {
  jpeg: { contentType: "image/jpeg", extension: "jpg", label: "JPEG" },
  png: { contentType: "image/png", extension: "png", label: "PNG" },
  webp: { contentType: "image/webp", extension: "webp", label: "WebP" },
  avif: { contentType: "image/avif", extension: "avif", label: "AVIF" },
};

/** The format named by a media type (parameters and case ignored), or undefined if we do not take it. */
export function formatOfContentType(contentType: string | undefined): ImageFormat | undefined {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  return (Object.keys(IMAGE_FORMATS) as ImageFormat[]).find(
    (f) => IMAGE_FORMATS[f].contentType === mediaType,
  );
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

const AVIF_BRANDS = new Set(["avif", "avis"]);

/** An ISO-BMFF `ftyp` box whose major or compatible brands say AVIF. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  // compatible brands follow the major brand and the minor version
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) {
    if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  }
  return false;
}

/** The format the bytes start like, or undefined when they look like none we accept. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (isAvif(bytes)) return "avif";
  return undefined;
}

/** The bytes and the format the client claims for them (not yet checked). */
export type PictureUpload = { bytes: Buffer; format: ImageFormat };
