/**
 * Reads a JSON array of objects (an archive's `data/<table>.json`) one element at a time, as its
 * bytes arrive: only the element being read is held, never the whole file, its text or its whole
 * parsed tree. The scanner finds where each element ends (depth and strings tracked byte by byte;
 * every structural character is ASCII, so a multi-byte UTF-8 character never looks like one), and
 * JSON.parse reads the element itself, so each element is exactly as strict as JSON.parse.
 */

/** Why a file is not a list of rows; the reader puts it in the archive's words. */
export class JsonRowsError extends Error {
  constructor(
    readonly problem: "not-json" | "not-rows" | "row-too-large",
    /** The 1-based number of the element at fault, when there is one. */
    readonly row?: number,
  ) {
    super(problem);
  }
}

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d];
const [COMMA, QUOTE, BACKSLASH] = [0x2c, 0x22, 0x5c];

/** Where the scanner stands between elements. */
type Place = "start" | "first" | "after" | "next" | "end";

/**
 * Each object of the top-level array, parsed, in order. An element that is not an object is
 * `not-rows`; one longer than `maxRowBytes` is refused before it is parsed.
 */
export async function* jsonArrayObjects(
  chunks: AsyncIterable<Buffer>,
  maxRowBytes: number,
): AsyncGenerator<Record<string, unknown>> {
  let place: Place = "start";
  let depth = 0; // inside an element: its nesting, 1 for the element's own braces
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let held = 0;
  let row = 0;

  for await (const chunk of chunks) {
    let from = -1; // where the current element starts in this chunk, if it does
    if (depth > 0) from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (depth > 0) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
          continue;
        }
        if (byte === QUOTE) inString = true;
        else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
        else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
          depth--;
          if (depth === 0) {
            const piece = chunk.subarray(from, i + 1);
            if (held + piece.length > maxRowBytes) throw new JsonRowsError("row-too-large", row);
            const text = (parts.length > 0 ? Buffer.concat([...parts, piece]) : piece).toString("utf8");
            parts = [];
            held = 0;
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch {
              throw new JsonRowsError("not-json", row);
            }
            // JSON.parse read the braces as one object: `{...}{...}` or a stray `}` would have failed it.
            yield value as Record<string, unknown>;
            place = "after";
            from = -1;
          }
        }
        continue;
      }
      if (SPACE.has(byte)) continue;
      switch (place) {
        case "start":
          if (byte !== OPEN_ARRAY) throw new JsonRowsError(byte === OPEN_OBJECT ? "not-rows" : "not-json");
          place = "first";
          break;
        case "first":
        case "next":
          if (byte === CLOSE_ARRAY && place === "first") {
            place = "end";
            break;
          }
          row++;
          if (byte !== OPEN_OBJECT)
            throw new JsonRowsError(isValueStart(byte) ? "not-rows" : "not-json", row);
          depth = 1;
          from = i;
          break;
        case "after":
          if (byte === COMMA) place = "next";
          else if (byte === CLOSE_ARRAY) place = "end";
          else throw new JsonRowsError("not-json", row);
          break;
        case "end":
          throw new JsonRowsError("not-json");
      }
    }
    if (depth > 0 && from >= 0) {
      // The element goes on in the next chunk: keep its start (a copy: the chunk may be reused).
      const piece = Buffer.from(chunk.subarray(from));
      held += piece.length;
      if (held > maxRowBytes) throw new JsonRowsError("row-too-large", row);
      parts.push(piece);
    }
  }
  if (place !== "end") throw new JsonRowsError("not-json");
}

/** A byte that may start a JSON value other than an object: a string, number, array, true/false/null. */
function isValueStart(byte: number): boolean {
  return (
    byte === QUOTE ||
    byte === OPEN_ARRAY ||
    byte === 0x2d || // -
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x74 || // t
    byte === 0x66 || // f
    byte === 0x6e // n
  );
}
