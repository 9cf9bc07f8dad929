/**
 * Reads the first worksheet of an Excel workbook (`.xlsx`: Office Open XML, ECMA-376 part 1, a zip
 * of XML parts) row by row, trusting nothing in it. The zip's directory is checked against limits
 * before a byte is inflated (core/archive's listEntries: entry count, sizes, compression ratio, safe
 * names); the shared strings are held (bounded by their part's size), the worksheet is streamed and
 * cut into `<row>` elements as it inflates, never held whole. Only what a table of values needs is
 * read: cell types, shared and inline strings, numbers; no styles, formulas or dates.
 */
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import type { ReadLimits } from "../archive/format.ts";
import { listEntries, openZip, readEntry, zipError } from "../archive/reader.ts";
import { AppError } from "../errors.ts";

/** A problem with the table's file, in a sentence that names it. */
export class NutritionTableError extends Error {
  override name = "NutritionTableError";
}

export type CellValue = string | number | boolean | null;

/** One row of the sheet: its number (1-based, as Excel shows it) and its cells by column (0 = A). */
export type SheetRow = { number: number; cells: CellValue[] };

export type WorkbookLimits = {
  /** The workbook's zip: entries, total size, compression ratio (each entry's size: entryLimit). */
  zip: ReadLimits;
  /** The worksheet part, streamed. */
  maxSheetBytes: number;
  /** The shared strings part, held as strings. */
  maxSharedStringsBytes: number;
  /** Any other part read whole (workbook.xml, relationships). */
  maxPartBytes: number;
  /** A workbook inside another zip, read into memory to be opened. */
  maxWorkbookBytes: number;
  /** Rows of the sheet, header included. */
  maxRows: number;
  /** One `<row>` element (or one shared string item) in characters. */
  maxRowChars: number;
  /** The last column a cell may be in (A = 1). */
  maxColumns: number;
};

const MiB = 1024 ** 2;

/**
 * An SR28-sized workbook fits many times over: ABBREV.xlsx is 10 parts, a 14.7 MB sheet of 8,791
 * rows × 53 columns (about 1.7 KB a row) and 0.7 MB of shared strings, packed 6 to 1.
 */
export const WORKBOOK_LIMITS: WorkbookLimits = {
  zip: {
    maxEntries: 1000,
    maxTotalBytes: 512 * MiB,
    maxDataFileBytes: 256 * MiB,
    maxDataBytes: 512 * MiB,
    maxRowBytes: 1 * MiB,
    maxImageBytes: 16 * MiB,
    maxManifestBytes: 8 * MiB,
    maxNameBytes: 1024,
    maxCompressionRatio: 200,
  },
  maxSheetBytes: 256 * MiB,
  maxSharedStringsBytes: 64 * MiB,
  maxPartBytes: 8 * MiB,
  maxWorkbookBytes: 64 * MiB,
  maxRows: 200_000,
  maxRowChars: 1 * MiB,
  maxColumns: 1024,
};

/**
 * The size each entry of a workbook, or of a zip holding one, may unpack to: checked against the
 * zip's directory before it is inflated.
 */
export function entryLimit(limits: WorkbookLimits) {
  return (name: string): number => {
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) return limits.maxSheetBytes;
    if (name === "xl/sharedStrings.xml") return limits.maxSharedStringsBytes;
    if (/\.xlsx$/i.test(name)) return limits.maxWorkbookBytes;
    // Pictures, printer settings, a zip's documentation: never read, but still bounded.
    return Math.max(limits.maxPartBytes, limits.zip.maxImageBytes);
  };
}

const ZIP_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  autoClose: false,
  validateEntrySizes: true,
  strictFileNames: true,
  decodeStrings: true,
};

/** A zip held in memory (a workbook inside another zip), opened as openZip opens a file. */
export function openZipBuffer(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, ZIP_OPTIONS, (error, zip) => (error ? reject(zipError(error)) : resolve(zip))),
  );
}

export { openZip };

/** The zip's files by name, checked against `limits` before anything is inflated; problems named after `label`. */
export async function checkedEntries(
  zip: yauzl.ZipFile,
  label: string,
  limits: ReadLimits,
  limitOf: (name: string) => number,
): Promise<Map<string, yauzl.Entry>> {
  try {
    return await listEntries(zip, limits, (name) => limitOf(name));
  } catch (error) {
    throw tableError(label, error);
  }
}

/** Any error of reading, as a NutritionTableError naming the file. */
export function tableError(label: string, error: unknown): Error {
  if (error instanceof NutritionTableError) return error;
  // core/archive words its problems for an archive of this service: keep the reason only.
  const reason =
    error instanceof AppError
      ? error.message.replace(/^The archive is invalid: /, "")
      : error instanceof Error
        ? error.message
        : String(error);
  return new NutritionTableError(`${label}: ${reason}`);
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(zipError(error)) : resolve(stream))),
  );
}

/** True when the zip's entries are those of a workbook. */
export const isWorkbook = (entries: Map<string, yauzl.Entry>): boolean => entries.has("xl/workbook.xml");

/**
 * The rows of the workbook's first worksheet, in order. `zip` is an open workbook and `entries` its
 * checked entries (checkedEntries with entryLimit); it is closed once the rows are read, or the
 * reading stops.
 */
export async function* sheetRows(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  label: string,
  limits: WorkbookLimits = WORKBOOK_LIMITS,
): AsyncGenerator<SheetRow> {
  let stream: Readable | undefined;
  try {
    if (!isWorkbook(entries)) throw new NutritionTableError(`${label}: it is not an Excel workbook (.xlsx).`);
    const parts = await locateParts(zip, entries, label);
    const strings = parts.sharedStrings ? await sharedStrings(zip, parts.sharedStrings, limits) : [];
    stream = await openStream(zip, parts.sheet);
    let previous = 0;
    let count = 0;
    for await (const element of elements(stream, "row", limits.maxRowChars, label)) {
      count += 1;
      if (count > limits.maxRows) {
        throw new NutritionTableError(`${label}: its sheet has more than ${limits.maxRows} rows.`);
      }
      const row = parseRow(element, previous, strings, limits, label);
      previous = row.number;
      yield row;
    }
  } catch (error) {
    throw tableError(label, error);
  } finally {
    stream?.destroy();
    zip.close();
  }
}

type Parts = { sheet: yauzl.Entry; sharedStrings: yauzl.Entry | undefined };

/**
 * The first sheet and the shared strings, as the workbook's relationships name them (ECMA-376
 * part 1, 12.3.23 and 12.3.15), or by their usual names when the relationships do not say.
 */
async function locateParts(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  label: string,
): Promise<Parts> {
  const text = async (name: string) => {
    const entry = entries.get(name);
    return entry ? decodeUtf8(await readEntry(zip, entry, undefined), label) : "";
  };
  const workbook = await text("xl/workbook.xml");
  const relationships = [
    ...(await text("xl/_rels/workbook.xml.rels")).matchAll(/<Relationship\b[^>]*>/g),
  ].map(([tag]) => ({
    id: attribute(tag, "Id"),
    type: attribute(tag, "Type") ?? "",
    target: attribute(tag, "Target"),
  }));
  const partName = (target: string | undefined) =>
    target === undefined ? undefined : target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  const firstSheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbook)?.[0];
  const sheetId = firstSheet ? /\b\w+:id="([^"]*)"/.exec(firstSheet)?.[1] : undefined;
  const sheetName =
    partName(relationships.find((r) => r.id !== undefined && r.id === sheetId)?.target) ??
    "xl/worksheets/sheet1.xml";
  const stringsName =
    partName(relationships.find((r) => r.type.endsWith("/sharedStrings"))?.target) ?? "xl/sharedStrings.xml";
  const sheet = entries.get(sheetName);
  if (!sheet) throw new NutritionTableError(`${label}: its first sheet ('${sheetName}') is missing.`);
  return { sheet, sharedStrings: entries.get(stringsName) };
}

/** The shared string table (ECMA-376 part 1, 18.4): every `<si>` item's text, in order. */
async function sharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limits: WorkbookLimits,
): Promise<string[]> {
  const stream = await openStream(zip, entry);
  const strings: string[] = [];
  try {
    for await (const item of elements(stream, "si", limits.maxRowChars, "sharedStrings.xml")) {
      strings.push(richText(item));
    }
  } finally {
    stream.destroy();
  }
  return strings;
}

/**
 * The complete `<tag …>…</tag>` (or `<tag …/>`) elements of an XML stream, in order, as text. The
 * text is decoded and cut as it arrives: no more than one unfinished element and one chunk are held.
 * The parts read here (a row, a string item) never nest in themselves.
 */
async function* elements(
  source: AsyncIterable<Buffer>,
  tag: string,
  maxChars: number,
  label: string,
): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let text = "";
  /** An element begun and not ended yet. */
  let unfinished = false;
  const take = function* (final: boolean): Generator<string> {
    let at = 0;
    unfinished = false;
    for (;;) {
      const start = text.indexOf(open, at);
      if (start < 0) {
        // Keep what could be the start of an opening tag cut by the chunk's end.
        at = Math.max(at, text.length - open.length);
        break;
      }
      const next = text[start + open.length];
      if (next === undefined) {
        at = start;
        break;
      }
      if (!/[\s/>]/.test(next)) {
        at = start + 1;
        continue;
      }
      const tagEnd = text.indexOf(">", start);
      let end = -1;
      if (tagEnd >= 0) end = text[tagEnd - 1] === "/" ? tagEnd + 1 : text.indexOf(close, tagEnd);
      if ((end < 0 ? text.length : end) - start > maxChars) {
        throw new NutritionTableError(`${label}: a <${tag}> element is longer than ${maxChars} characters.`);
      }
      if (end < 0) {
        at = start;
        unfinished = true;
        break;
      }
      if (text[tagEnd - 1] !== "/") end += close.length;
      yield text.slice(start, end);
      at = end;
    }
    text = text.slice(at);
    if (final && unfinished) throw new NutritionTableError(`${label}: it ends inside a <${tag}> element.`);
  };
  try {
    for await (const chunk of source) {
      text += decoder.decode(chunk, { stream: true });
      yield* take(false);
    }
    text += decoder.decode();
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA") {
      throw new NutritionTableError(`${label}: it is not valid UTF-8 text.`);
    }
    throw error;
  }
  yield* take(true);
}

function decodeUtf8(bytes: Buffer, label: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new NutritionTableError(`${label}: a part of it is not valid UTF-8 text.`);
  }
}

/** One `<row>` element: its number and its cells, by the column their reference names. */
function parseRow(
  element: string,
  previous: number,
  strings: readonly string[],
  limits: WorkbookLimits,
  label: string,
): SheetRow {
  const openTag = element.slice(0, element.indexOf(">") + 1);
  const numbered = attribute(openTag, "r");
  const number = numbered === undefined ? previous + 1 : Number(numbered);
  if (!Number.isInteger(number) || number <= previous) {
    throw new NutritionTableError(`${label}: a row is numbered '${numbered}' after row ${previous}.`);
  }
  const cells: CellValue[] = [];
  let column = -1;
  for (const match of element.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = match[1] ?? "";
    const reference = attribute(attributes, "r");
    column = reference === undefined ? column + 1 : columnOf(reference, label);
    if (column >= limits.maxColumns) {
      throw new NutritionTableError(`${label}: row ${number} has a cell past column ${limits.maxColumns}.`);
    }
    const where = reference ?? `row ${number}, column ${column + 1}`;
    const value = cellValue(
      attribute(attributes, "t") ?? "n",
      match[2] ?? "",
      strings,
      `${label}: cell ${where}`,
    );
    while (cells.length < column) cells.push(null);
    cells[column] = value;
  }
  return { number, cells };
}

/** `AX12` → 49 (the column, from 0). */
function columnOf(reference: string, label: string): number {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference)?.[1];
  if (!letters) throw new NutritionTableError(`${label}: a cell's reference '${reference}' is not a cell's.`);
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A cell's value by its type (ECMA-376 part 1, 18.18.11); an empty cell is null. */
function cellValue(type: string, content: string, strings: readonly string[], where: string): CellValue {
  if (type === "inlineStr") {
    const inline = /<is>([\s\S]*?)<\/is>/.exec(content)?.[1];
    return inline === undefined ? null : richText(inline);
  }
  const raw = /<v>([\s\S]*?)<\/v>/.exec(content)?.[1];
  if (raw === undefined || raw === "") return null;
  const text = unescapeXml(raw);
  switch (type) {
    case "s": {
      const string = strings[Number(text)];
      if (!/^\d+$/.test(text) || string === undefined) {
        throw new NutritionTableError(`${where} names shared string ${text}, which the workbook lacks.`);
      }
      return string;
    }
    case "str":
    case "d":
      return text;
    case "b":
      return text === "1";
    case "e":
      throw new NutritionTableError(`${where} holds the error ${text}.`);
    case "n": {
      const number = Number(text);
      if (!Number.isFinite(number) || text.trim() === "") {
        throw new NutritionTableError(`${where} holds '${text}', not a number.`);
      }
      return number;
    }
    default:
      throw new NutritionTableError(`${where} is of a type '${type}' this reader does not know.`);
  }
}

/** The text of a string item (`<t>` runs, phonetic `<rPh>` runs left out). */
function richText(item: string): string {
  const runs = item.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "");
  let text = "";
  for (const match of runs.matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g))
    text += unescapeXml(match[1] ?? "");
  return text;
}

/** An attribute's value in a start tag, unescaped. */
function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : unescapeXml(value);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * XML's five entities and character references, and the `_xHHHH_` escapes the format uses for
 * characters XML cannot hold (ECMA-376 part 1, 22.9.2.19).
 */
function unescapeXml(text: string): string {
  if (!text.includes("&") && !text.includes("_x")) return text;
  return text
    .replace(/&(#x[0-9A-Fa-f]+|#\d+|\w+);/g, (whole, name: string) => {
      if (name.startsWith("#x")) return codePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
      if (name.startsWith("#")) return codePoint(Number(name.slice(1))) ?? whole;
      return ENTITIES[name] ?? whole;
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const codePoint = (code: number): string | undefined =>
  code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
