/**
 * Reads USDA's SR28 abbreviated table (official.ts) into foods: the workbook `ABBREV.xlsx`, or the
 * zip `sr28abxl.zip` the ARS site serves it in. Columns are found by their header's name, not their
 * place; an empty cell is unknown (null), never 0. Everything is bounded (xlsx.ts) and checked: a
 * file that is not the table, or a row that cannot be a food, stops the reading with a sentence
 * that names the file, the row and the column.
 */
import { basename } from "node:path";
import type yauzl from "yauzl";
import { readEntry } from "../archive/reader.ts";
import { type Measure, NUTRIENTS, type Nutrient, type Nutrients } from "./table.ts";
import {
  type CellValue,
  checkedEntries,
  entryLimit,
  isWorkbook,
  NutritionTableError,
  openZip,
  openZipBuffer,
  type SheetRow,
  sheetRows,
  tableError,
  WORKBOOK_LIMITS,
  type WorkbookLimits,
} from "./xlsx.ts";

/** A food of the table, as the foods table holds it. */
export type Food = Nutrients & { id: number; name: string; measures: Measure[] };

export type Sr28Limits = WorkbookLimits & {
  /** Foods in the table (SR28 has 8,790; FoodData Central's SR Legacy 7,793). */
  maxFoods: number;
  /** A food's name in characters (SR28's Shrt_Desc has at most 60). */
  maxNameChars: number;
};

export const SR28_LIMITS: Sr28Limits = { ...WORKBOOK_LIMITS, maxFoods: 100_000, maxNameChars: 500 };

/** The columns read, by their names in the table's header (SR28 documentation, table 3 abbreviated). */
const COLUMNS = {
  id: "NDB_No",
  name: "Shrt_Desc",
  energy_kcal: "Energ_Kcal",
  protein_g: "Protein_(g)",
  fat_g: "Lipid_Tot_(g)",
  saturated_fat_g: "FA_Sat_(g)",
  carbohydrate_g: "Carbohydrt_(g)",
  sugars_g: "Sugar_Tot_(g)",
  fiber_g: "Fiber_TD_(g)",
  sodium_mg: "Sodium_(mg)",
  grams_1: "GmWt_1",
  measure_1: "GmWt_Desc1",
  grams_2: "GmWt_2",
  measure_2: "GmWt_Desc2",
} as const;
type Column = keyof typeof COLUMNS;

/** The nutrients read as they are; salt is computed from sodium. */
const READ_AS_IS = NUTRIENTS.filter(
  (nutrient): nutrient is Exclude<Nutrient, "salt_g"> => nutrient !== "salt_g",
);

/** Header names compared as a person reads them: case, spaces and a missing bracket aside. */
const headerKey = (name: string): string => name.toLowerCase().replace(/[\s()]/g, "");

/**
 * Salt from sodium (mg per 100 g → g per 100 g): salt is sodium chloride, 2.5 times the weight of
 * its sodium (the EU's rule for labels, Regulation 1169/2011, annex I).
 */
export const saltFromSodium = (sodiumMg: number): number => tidy((sodiumMg * 2.5) / 1000);

/**
 * The table's values, written in the workbook as binary fractions (`0.28000000000000003`), back to
 * the decimals they were published with (at most three places, well within 12 digits).
 */
const tidy = (value: number): number => Number(value.toPrecision(12));

/**
 * The foods of an SR28 abbreviated table in a file: `ABBREV.xlsx`, or a zip holding it (the official
 * `sr28abxl.zip`). Throws a NutritionTableError naming the problem.
 */
export async function* readSr28(path: string, limits: Sr28Limits = SR28_LIMITS): AsyncGenerator<Food> {
  const label = basename(path);
  const { zip, entries, name } = await openWorkbook(path, label, limits);
  yield* foodsOf(sheetRows(zip, entries, name, limits), name, limits);
}

/** The workbook in the file: the file itself, or the one workbook a zip holds. */
async function openWorkbook(
  path: string,
  label: string,
  limits: Sr28Limits,
): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry>; name: string }> {
  const limitOf = entryLimit(limits);
  let outer: yauzl.ZipFile;
  try {
    outer = await openZip(path);
  } catch (error) {
    throw tableError(label, error);
  }
  let inner: { name: string; bytes: Buffer };
  try {
    const entries = await checkedEntries(outer, label, limits.zip, limitOf);
    if (isWorkbook(entries)) return { zip: outer, entries, name: label };
    inner = await innerWorkbook(outer, entries, label);
  } catch (error) {
    outer.close();
    throw tableError(label, error);
  }
  outer.close();
  const name = `${label}/${inner.name}`;
  const zip = await openZipBuffer(inner.bytes).catch((error: unknown) => {
    throw tableError(name, error);
  });
  try {
    const entries = await checkedEntries(zip, name, limits.zip, limitOf);
    if (!isWorkbook(entries)) throw new NutritionTableError(`${name}: it is not an Excel workbook (.xlsx).`);
    return { zip, entries, name };
  } catch (error) {
    zip.close();
    throw tableError(name, error);
  }
}

/** The workbook a zip holds (sr28abxl.zip holds ABBREV.xlsx), read into memory within its checked size. */
async function innerWorkbook(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  label: string,
): Promise<{ name: string; bytes: Buffer }> {
  const workbooks = [...entries.keys()].filter((n) => /\.xlsx$/i.test(n) && !n.startsWith("__MACOSX/"));
  const chosen =
    workbooks.length === 1 ? workbooks[0] : workbooks.find((n) => /(^|\/)ABBREV\.xlsx$/i.test(n));
  const entry = chosen === undefined ? undefined : entries.get(chosen);
  if (chosen === undefined || entry === undefined) {
    throw new NutritionTableError(
      workbooks.length === 0
        ? `${label}: it is neither an Excel workbook nor a zip holding one (as sr28abxl.zip holds ABBREV.xlsx).`
        : `${label}: it holds ${workbooks.length} workbooks and none is ABBREV.xlsx.`,
    );
  }
  return { name: chosen, bytes: await readEntry(zip, entry, undefined) };
}

/** The sheet's rows as foods: the first row that holds anything is the header. */
async function* foodsOf(
  rows: AsyncIterable<SheetRow>,
  label: string,
  limits: Sr28Limits,
): AsyncGenerator<Food> {
  let columns: Record<Column, number> | undefined;
  const seen = new Map<number, number>();
  for await (const row of rows) {
    if (row.cells.every((cell) => cell === null || cell === "")) continue;
    if (!columns) {
      columns = headerColumns(row, label);
      continue;
    }
    const food = foodOf(row, columns, label, limits);
    const earlier = seen.get(food.id);
    if (earlier !== undefined) {
      throw new NutritionTableError(
        `${label}: NDB_No ${food.id} appears twice, in rows ${earlier} and ${row.number}.`,
      );
    }
    if (seen.size >= limits.maxFoods) {
      throw new NutritionTableError(`${label}: it holds more than ${limits.maxFoods} foods.`);
    }
    seen.set(food.id, row.number);
    yield food;
  }
  if (!columns) throw new NutritionTableError(`${label}: its first sheet is empty.`);
}

function headerColumns(row: SheetRow, label: string): Record<Column, number> {
  const at = new Map<string, number>();
  row.cells.forEach((cell, index) => {
    if (typeof cell === "string" && !at.has(headerKey(cell))) at.set(headerKey(cell), index);
  });
  const found: Partial<Record<Column, number>> = {};
  const missing: string[] = [];
  for (const [column, header] of Object.entries(COLUMNS) as [Column, string][]) {
    const index = at.get(headerKey(header));
    if (index === undefined) missing.push(header);
    else found[column] = index;
  }
  if (missing.length > 0) {
    throw new NutritionTableError(
      `${label}: its header (row ${row.number}) lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}: it is not USDA's SR28 abbreviated table.`,
    );
  }
  return found as Record<Column, number>;
}

function foodOf(row: SheetRow, columns: Record<Column, number>, label: string, limits: Sr28Limits): Food {
  const cell = (column: Column): CellValue => row.cells[columns[column]] ?? null;
  const where = (column: Column) => `${label}: row ${row.number}, column ${COLUMNS[column]}`;
  const number = (column: Column): number | null => {
    const value = cell(column);
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const parsed =
      typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(parsed))
      throw new NutritionTableError(`${where(column)}: '${value}' is not a number.`);
    if (parsed < 0) throw new NutritionTableError(`${where(column)}: ${parsed} is negative.`);
    return tidy(parsed);
  };
  const text = (column: Column): string => {
    const value = cell(column);
    return value === null ? "" : String(value).trim();
  };

  // NDB_No is five digits, written as text with its leading zero (`01001`) or as a number.
  const idText = text("id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : Number.NaN;
  if (!(id > 0)) throw new NutritionTableError(`${where("id")}: '${idText}' is not a food's number.`);
  const name = text("name");
  if (name === "") throw new NutritionTableError(`${where("name")}: the food ${id} has no name.`);
  if (name.length > limits.maxNameChars) {
    throw new NutritionTableError(
      `${where("name")}: the name is longer than ${limits.maxNameChars} characters.`,
    );
  }

  const nutrients = Object.fromEntries(READ_AS_IS.map((nutrient) => [nutrient, number(nutrient)])) as Record<
    (typeof READ_AS_IS)[number],
    number | null
  >;
  const sodium = number("sodium_mg");
  const measures: Measure[] = [];
  for (const [grams, description] of [
    ["grams_1", "measure_1"],
    ["grams_2", "measure_2"],
  ] as const) {
    const weight = number(grams);
    const words = text(description);
    // A measure needs both: words without a weight (or the reverse) say nothing usable.
    if (weight !== null && weight > 0 && words !== "") measures.push({ description: words, grams: weight });
  }
  return { id, name, ...nutrients, salt_g: sodium === null ? null : saltFromSodium(sodium), measures };
}
