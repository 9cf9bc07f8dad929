/**
 * Issue 36, item 1: pages and typed lines are read on worker threads (core/page-import/read-pool.ts)
 * for the local server, with the same result as in the calling thread, the same 422s, and a 422 that
 * says so when a read runs past the deadline.
 */
import { afterAll, describe, expect, it } from "vitest";
import { isAppError } from "../../../core/errors.ts";
import { readLineTexts, readPage, type Source } from "../../../core/page-import/read-page.ts";
import { readingPool, workerReader } from "../../../core/page-import/read-pool.ts";

const pool = readingPool(1);
const reader = workerReader(pool);
afterAll(() => pool.close());

const pasted = (html: string): Source => ({
  html,
  base: "https://food.example/",
  field: "html",
  where: "in the HTML",
});
const PAGE = pasted(`<html lang="de"><head><meta property="og:image" content="/pie.jpg"></head><body>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Apfelkuchen",
"recipeYield":"12 Stücke","totalTime":"PT1H30M","recipeIngredient":["200 g Mehl","2 EL Zucker","Für den Guss:","1 Ei"],
"recipeInstructions":[{"@type":"HowToStep","text":"Rühren."},{"@type":"HowToStep","text":"Backen."}]}</script></body></html>`);

describe("reading on a worker", () => {
  it("reads a page as the calling thread does: fields, lines in the page's language, headings left out", async () => {
    const read = await reader.readPage(PAGE);
    expect(read).toEqual(readPage(PAGE));
    expect(read.fields).toMatchObject({
      title: "Apfelkuchen",
      servings: 12,
      imageUrl: "https://food.example/pie.jpg",
    });
    expect(read.lines.map((line) => [line.name, line.unitSize])).toEqual([
      ["Mehl", null],
      ["Zucker", 15],
      ["Ei", null],
    ]);
    expect(read.system).toBe("metric");
  });

  it("reads fetched JSON-LD text leniently, and typed lines as the editor's", async () => {
    const json: Source = {
      jsonText: '{"@type": "Recipe", "name": "Toast", "recipeIngredient": ["2 slices bread",],}',
      base: undefined,
      field: "url",
      where: "at 'https://food.example/toast.json'",
    };
    expect((await reader.readPage(json)).fields.ingredientLines).toEqual(["2 slices bread"]);
    const lines = ["1 1/2 cups flour, sifted", "2 bay leaves"];
    expect(await reader.readLines(lines)).toEqual(readLineTexts(lines));
  });

  it("answers a page without a recipe with the same 422", async () => {
    const refused = await reader.readPage(pasted("<p>Just a story.</p>")).catch((error: unknown) => error);
    expect(isAppError(refused)).toBe(true);
    expect(refused).toMatchObject({
      kind: "invalid",
      message: "No recipe was found in the HTML.",
      details: { errors: [{ path: "html", message: "No recipe was found in the HTML." }] },
    });
  });

  it("stops a read past the deadline with a 422 that says so", async () => {
    const hurried = readingPool(1, 10);
    const hurriedReader = workerReader(hurried);
    try {
      // Two megabytes of paragraphs: far more than 10 ms of reading on any machine.
      const long = pasted(
        `<html><body>${"<p>Stir the sauce until it thickens.</p>".repeat(50_000)}</body></html>`,
      );
      const stopped = await hurriedReader.readPage(long).catch((error: unknown) => error);
      expect(stopped).toMatchObject({
        kind: "invalid",
        message: "The HTML could not be read within 0.01 seconds.",
        details: { errors: [{ path: "html", message: "The HTML could not be read within 0.01 seconds." }] },
      });
    } finally {
      await hurried.close();
    }
  });
});
