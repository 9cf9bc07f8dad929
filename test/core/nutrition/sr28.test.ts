/**
 * The SR28 reader (core/nutrition/sr28.ts, xlsx.ts) against USDA's abbreviated workbook itself (the
 * shared copy, read where it lies), the official zip's layout around it, columns found by their
 * header, empty cells as unknown, and files it must refuse: another table, a bad cell, a zip bomb,
 * too many entries.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Food, readSr28, SR28_LIMITS, saltFromSodium } from "../../../core/nutrition/sr28.ts";
import { NutritionTableError } from "../../../core/nutrition/xlsx.ts";
import {
  ABBREV_XLSX,
  HEADER,
  row,
  THREE_FOODS,
  tempDir,
  workbookEntries,
  writeWorkbook,
  writeZip,
} from "./workbook.ts";

async function readAll(path: string, limits = SR28_LIMITS): Promise<Food[]> {
  const foods: Food[] = [];
  for await (const food of readSr28(path, limits)) foods.push(food);
  return foods;
}

let dir: string;
let abbrev: Food[];
const byName = (name: string) => abbrev.find((f) => f.name === name);

beforeAll(async () => {
  dir = await tempDir();
  abbrev = await readAll(ABBREV_XLSX);
});

afterAll(async () => {
  const { rm } = await import("node:fs/promises");
  await rm(dir, { recursive: true, force: true });
});

describe("USDA's SR28 abbreviated workbook", () => {
  it("holds 8,790 foods, each with its NDB_No and short description", () => {
    expect(abbrev).toHaveLength(8790);
    expect(new Set(abbrev.map((f) => f.id)).size).toBe(8790);
    expect(abbrev[0]).toMatchObject({ id: 1001, name: "BUTTER,WITH SALT" });
    expect(abbrev.every((f) => f.name.length > 0 && f.id > 0)).toBe(true);
  });

  it("gives the spot values per 100 g: flour 364 kcal, butter 717, sugar 387, egg 143, olive oil 884", () => {
    expect(byName("WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED")).toMatchObject({
      id: 20081,
      energy_kcal: 364,
      protein_g: 10.33,
      fat_g: 0.98,
      carbohydrate_g: 76.31,
      fiber_g: 2.7,
      measures: [{ description: "1 cup", grams: 125 }],
    });
    expect(byName("BUTTER,WITH SALT")?.energy_kcal).toBe(717);
    expect(byName("SUGARS,GRANULATED")?.energy_kcal).toBe(387);
    expect(byName("EGG,WHL,RAW,FRSH")).toMatchObject({
      energy_kcal: 143,
      measures: [
        { description: "1 large", grams: 50 },
        { description: "1 extra large", grams: 56 },
      ],
    });
    expect(byName("OIL,OLIVE,SALAD OR COOKING")?.energy_kcal).toBe(884);
  });

  it("keeps the published decimals, not the workbook's binary fractions", () => {
    // Written in the sheet as 51.368000000000002.
    expect(byName("BUTTER,WITH SALT")?.saturated_fat_g).toBe(51.368);
  });

  it("reads an empty cell as unknown (null), never 0", () => {
    // CHEESE,CARAWAY has no Sugar_Tot_(g) in SR28; 1,832 foods lack it.
    expect(byName("CHEESE,CARAWAY")?.sugars_g).toBeNull();
    expect(abbrev.filter((f) => f.sugars_g === null)).toHaveLength(1832);
    expect(abbrev.filter((f) => f.salt_g === null)).toHaveLength(83);
    expect(abbrev.filter((f) => f.energy_kcal === null)).toHaveLength(0);
    expect(abbrev.some((f) => f.sugars_g === 0)).toBe(true);
  });

  it("computes salt from sodium: mg × 2.5 / 1000", () => {
    // Salted butter: 643 mg of sodium in 100 g.
    expect(byName("BUTTER,WITH SALT")?.salt_g).toBe(1.6075);
    expect(saltFromSodium(643)).toBe(1.6075);
    expect(saltFromSodium(2)).toBe(0.005);
  });
});

describe("the official download's layout", () => {
  it("reads the zip holding ABBREV.xlsx (sr28abxl.zip) as the workbook itself", async () => {
    const zip = await writeZip(join(dir, "sr28abxl.zip"), [
      { name: "ABBREV.xlsx", data: await readFile(ABBREV_XLSX), store: true },
    ]);
    const foods = await readAll(zip);
    expect(foods).toHaveLength(8790);
    expect(foods).toEqual(abbrev);
  });

  it("finds the workbook by its name among other files", async () => {
    const workbook = await writeWorkbook(join(dir, "three.xlsx"), THREE_FOODS);
    const zip = await writeZip(join(dir, "with-docs.zip"), [
      { name: "sr28_doc.txt", data: "documentation" },
      { name: "other.xlsx", data: "not read" },
      { name: "sr28abxl/ABBREV.xlsx", data: await readFile(workbook) },
    ]);
    expect((await readAll(zip)).map((f) => f.name)).toEqual([
      "BUTTER,WITH SALT",
      "CHEESE,CARAWAY",
      "WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED",
    ]);
  });

  it("refuses a zip that holds no workbook", async () => {
    const zip = await writeZip(join(dir, "nothing.zip"), [{ name: "readme.txt", data: "hello" }]);
    await expect(readAll(zip)).rejects.toThrow(
      "nothing.zip: it is neither an Excel workbook nor a zip holding one (as sr28abxl.zip holds ABBREV.xlsx).",
    );
  });

  it("refuses a file that is not a zip at all", async () => {
    await expect(readAll(new URL("../../../package.json", import.meta.url).pathname)).rejects.toThrow(
      /^package\.json: it is not a readable zip file/,
    );
  });
});

describe("columns by their header's name", () => {
  it("maps the columns wherever they are, with shared or inline strings", async () => {
    for (const inline of [false, true]) {
      const path = await writeWorkbook(join(dir, `shuffled-${inline}.xlsx`), THREE_FOODS, { inline });
      const foods = await readAll(path);
      expect(foods[0]).toEqual({
        id: 1001,
        name: "BUTTER,WITH SALT",
        energy_kcal: 717,
        protein_g: 0.85,
        fat_g: 81.11,
        saturated_fat_g: 51.368,
        carbohydrate_g: 0.06,
        sugars_g: 0.06,
        fiber_g: 0,
        salt_g: 1.6075,
        measures: [
          { description: "1 pat", grams: 5 },
          { description: "1 tbsp", grams: 14.2 },
        ],
      });
      expect(foods[1]).toMatchObject({
        id: 1008,
        sugars_g: null,
        measures: [{ description: "1 oz", grams: 28.35 }],
      });
      expect(foods[2]).toMatchObject({ id: 20081, protein_g: null, salt_g: null, energy_kcal: 364 });
    }
  });

  it("refuses a table without SR28's columns, naming those missing", async () => {
    const path = await writeWorkbook(join(dir, "other-table.xlsx"), [
      ["NDB_No", "Shrt_Desc", "Energ_Kcal"],
      ["01001", "BUTTER", 717],
    ]);
    await expect(readAll(path)).rejects.toThrow(
      /^other-table\.xlsx: its header \(row 1\) lacks the columns Protein_\(g\), .*GmWt_Desc2: it is not USDA's SR28 abbreviated table\.$/,
    );
  });

  it("refuses a value that is not a number, or negative, naming its row and column", async () => {
    const text = await writeWorkbook(join(dir, "text.xlsx"), [
      HEADER,
      row({ NDB_No: "01001", Shrt_Desc: "BUTTER", Energ_Kcal: "lots" }),
    ]);
    await expect(readAll(text)).rejects.toThrow(
      "text.xlsx: row 2, column Energ_Kcal: 'lots' is not a number.",
    );
    const negative = await writeWorkbook(join(dir, "negative.xlsx"), [
      HEADER,
      row({ NDB_No: "01001", Shrt_Desc: "BUTTER", "Protein_(g)": -1 }),
    ]);
    await expect(readAll(negative)).rejects.toThrow(
      "negative.xlsx: row 2, column Protein_(g): -1 is negative.",
    );
  });

  it("refuses a food without a number or a name, and a number twice", async () => {
    const cases: [string, Record<string, string | number>[], string][] = [
      ["no-id", [{ Shrt_Desc: "BUTTER" }], "row 2, column NDB_No: '' is not a food's number."],
      ["no-name", [{ NDB_No: "01001" }], "row 2, column Shrt_Desc: the food 1001 has no name."],
      [
        "twice",
        [
          { NDB_No: "01001", Shrt_Desc: "BUTTER" },
          { NDB_No: 1001, Shrt_Desc: "BUTTER AGAIN" },
        ],
        "NDB_No 1001 appears twice, in rows 2 and 3.",
      ],
    ];
    for (const [name, rows, message] of cases) {
      const path = await writeWorkbook(join(dir, `${name}.xlsx`), [HEADER, ...rows.map((r) => row(r))]);
      await expect(readAll(path)).rejects.toThrow(`${name}.xlsx: ${message}`);
    }
  });
});

describe("bounded work", () => {
  it("refuses a zip bomb from the zip's directory, before inflating it", async () => {
    const entries = workbookEntries(THREE_FOODS);
    // 64 MiB of spaces pack into ~64 KB: a thousand to one.
    const sheet = entries.find((e) => e.name === "xl/worksheets/sheet1.xml");
    if (!sheet) throw new Error("no sheet");
    sheet.data = Buffer.concat([Buffer.from(String(sheet.data)), Buffer.alloc(64 * 1024 ** 2, 0x20)]);
    const bomb = await writeZip(join(dir, "bomb.xlsx"), entries);
    const started = performance.now();
    const error = await readAll(bomb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NutritionTableError);
    expect(String(error)).toMatch(
      /bomb\.xlsx: the file 'xl\/worksheets\/sheet1\.xml' unpacks \d+ times its packed size \(a zip bomb\?\)/,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a workbook inside a zip that unpacks past the limit", async () => {
    const workbook = await readFile(await writeWorkbook(join(dir, "small.xlsx"), THREE_FOODS));
    const zip = await writeZip(join(dir, "outer.zip"), [
      { name: "ABBREV.xlsx", data: workbook, store: true },
    ]);
    await expect(readAll(zip, { ...SR28_LIMITS, maxWorkbookBytes: 100 })).rejects.toThrow(
      `outer.zip: the file 'ABBREV.xlsx' unpacks to ${workbook.length} bytes, more than 100.`,
    );
  });

  it("refuses too many entries, counted from the directory's end record", async () => {
    const entries = [
      ...workbookEntries(THREE_FOODS),
      ...Array.from({ length: 1000 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: "x" })),
    ];
    const path = await writeZip(join(dir, "crowded.xlsx"), entries);
    await expect(readAll(path)).rejects.toThrow(
      "crowded.xlsx: it holds 1005 files, more than the limit of 1000.",
    );
  });

  it("refuses a sheet with more rows, or a longer row, than the limits", async () => {
    const path = await writeWorkbook(join(dir, "rows.xlsx"), THREE_FOODS);
    await expect(readAll(path, { ...SR28_LIMITS, maxRows: 3 })).rejects.toThrow(
      "rows.xlsx: its sheet has more than 3 rows.",
    );
    await expect(readAll(path, { ...SR28_LIMITS, maxRowChars: 200 })).rejects.toThrow(
      "rows.xlsx: a <row> element is longer than 200 characters.",
    );
    await expect(readAll(path, { ...SR28_LIMITS, maxFoods: 2 })).rejects.toThrow(
      "rows.xlsx: it holds more than 2 foods.",
    );
  });

  it("refuses a sheet cut off inside a row", async () => {
    const entries = workbookEntries(THREE_FOODS);
    const sheet = entries.find((e) => e.name === "xl/worksheets/sheet1.xml");
    if (!sheet) throw new Error("no sheet");
    sheet.data = String(sheet.data).replace(/<\/row><\/sheetData>.*$/, "");
    const path = await writeZip(join(dir, "cut.xlsx"), entries);
    await expect(readAll(path)).rejects.toThrow("cut.xlsx: it ends inside a <row> element.");
  });
});
