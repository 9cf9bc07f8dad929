/**
 * Small workbooks and zips for the nutrition tests, written with the service's own zip writer:
 * a sheet of any columns in any order (strings shared or inline), a zip holding a workbook as the
 * official `sr28abxl.zip` holds `ABBREV.xlsx`, and zips built to break the limits.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ZipWriter } from "../../../core/archive/zip.ts";

/** The shared copy of USDA's SR28 abbreviated workbook (never copied into the project). */
export const ABBREV_XLSX = new URL("../../../../shared/data/nutrition/ABBREV.xlsx", import.meta.url).pathname;

export type Cell = string | number | null;

/** The columns the reader needs, in another order than SR28's, with one it does not read. */
export const HEADER = [
  "Shrt_Desc",
  "Water_(g)",
  "GmWt_Desc2",
  "GmWt_2",
  "Sodium_(mg)",
  "Fiber_TD_(g)",
  "Sugar_Tot_(g)",
  "Carbohydrt_(g)",
  "FA_Sat_(g)",
  "Lipid_Tot_(g)",
  "Protein_(g)",
  "Energ_Kcal",
  "NDB_No",
  "GmWt_1",
  "GmWt_Desc1",
];

/** A row under HEADER from the values by column name; a column not given is an empty cell. */
export function row(values: Record<string, Cell>): Cell[] {
  return HEADER.map((name) => values[name] ?? null);
}

export type ZipEntry = { name: string; data: string | Buffer; store?: boolean };

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "nutrition-test-"));
}

/** Writes a zip of `entries` to `path`. */
export async function writeZip(path: string, entries: readonly ZipEntry[]): Promise<string> {
  const sink = createWriteStream(path);
  const zip = new ZipWriter(sink);
  for (const entry of entries) await zip.add(entry.name, [entry.data], { store: entry.store ?? false });
  await zip.finish();
  return path;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const columnName = (index: number): string => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/**
 * The parts of a workbook whose first sheet holds `rows` (each cell referenced, empty cells left out
 * as Excel does); strings go to the shared string table unless `inline`.
 */
export function workbookEntries(rows: readonly Cell[][], options: { inline?: boolean } = {}): ZipEntry[] {
  const strings: string[] = [];
  const sheetRows = rows.map((cells, r) => {
    const xml = cells
      .map((cell, c) => {
        const ref = `${columnName(c)}${r + 1}`;
        if (cell === null) return "";
        if (typeof cell === "number") return `<c r="${ref}"><v>${cell}</v></c>`;
        if (options.inline) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
        strings.push(cell);
        return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
      })
      .join("");
    return `<row r="${r + 1}">${xml}</row>`;
  });
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return [
    {
      name: "[Content_Types].xml",
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook ${main} xmlns:r="${rel}"><sheets><sheet name="ABBREV" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: "xl/worksheets/sheet1.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><worksheet ${main}><sheetData>${sheetRows.join("")}</sheetData><rowBreaks count="0"/></worksheet>`,
    },
    {
      name: "xl/sharedStrings.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><sst ${main} count="${strings.length}">${strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join("")}</sst>`,
    },
  ];
}

/** A workbook file of `rows`. */
export const writeWorkbook = (path: string, rows: readonly Cell[][], options: { inline?: boolean } = {}) =>
  writeZip(path, workbookEntries(rows, options));

/** Three foods, in the layout of SR28 (NDB_No as text with its leading zero, as the official file has it). */
export const THREE_FOODS: Cell[][] = [
  HEADER,
  row({
    NDB_No: "01001",
    Shrt_Desc: "BUTTER,WITH SALT",
    Energ_Kcal: 717,
    "Protein_(g)": 0.85,
    "Lipid_Tot_(g)": 81.11,
    "FA_Sat_(g)": 51.368000000000002,
    "Carbohydrt_(g)": 0.06,
    "Sugar_Tot_(g)": 0.06,
    "Fiber_TD_(g)": 0,
    "Sodium_(mg)": 643,
    GmWt_1: 5,
    GmWt_Desc1: "1 pat",
    GmWt_2: 14.2,
    GmWt_Desc2: "1 tbsp",
  }),
  row({
    NDB_No: "01008",
    Shrt_Desc: "CHEESE,CARAWAY",
    Energ_Kcal: 376,
    "Protein_(g)": 25.18,
    "Lipid_Tot_(g)": 29.2,
    "FA_Sat_(g)": 18.584,
    "Carbohydrt_(g)": 3.06,
    "Fiber_TD_(g)": 0,
    "Sodium_(mg)": 690,
    GmWt_1: 28.35,
    GmWt_Desc1: "1 oz",
  }),
  row({
    NDB_No: 20081,
    Shrt_Desc: "WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED",
    Energ_Kcal: 364,
    GmWt_1: 125,
    GmWt_Desc1: "1 cup",
  }),
];
