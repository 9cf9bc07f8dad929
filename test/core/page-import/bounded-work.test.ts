/**
 * Hostile input costs bounded work (issue 36): the API is one Node process, and no request may hold
 * it. Each shape is built at the size limits and measured by a count of operations (no clock):
 * before the bounds, each of these counts was many times over its limit here.
 */
import { describe, expect, it } from "vitest";
import { MAX_ELEMENTS } from "../../../core/page-import/html.ts";
import { htmlRecipe } from "../../../core/page-import/html-recipe.ts";
import { parseIngredientLine } from "../../../core/page-import/ingredient-line.ts";
import { parseJsonLd } from "../../../core/page-import/lenient-json.ts";
import {
  findRecipe,
  ingredientLines,
  parseDuration,
  readImage,
  readSteps,
  scanPage,
} from "../../../core/page-import/schema-org.ts";
import { draftFromSource, readSource } from "../../../core/page-import/service.ts";

/** How often `method` of `target` (a prototype) is called while `run` runs (a plain count, no spy). */
function calls(target: object, method: string, run: () => unknown): number {
  const owner = target as Record<string, (...args: unknown[]) => unknown>;
  const original = owner[method] as (...args: unknown[]) => unknown;
  let count = 0;
  owner[method] = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    run();
  } finally {
    owner[method] = original;
  }
  return count;
}

describe("an ingredient line of 500 characters", () => {
  const LANGUAGES = [undefined, "de", "fr"];

  it.each(LANGUAGES)(
    "looks its food up in a few words at its end, not every part of it (language %s)",
    (language) => {
      // 246 words before the food: every start and end of them, joined, in each of ten tables, was 9,000 lookups.
      const line = `${"a ".repeat(246)}flour`;
      // One word of 498 letters: its ends were looked up from the third letter on (5,000 lookups).
      const compound = "Weizen".repeat(83);
      // The tables are built on first use.
      for (const first of [line, compound]) parseIngredientLine(first, { language });
      expect(parseIngredientLine(line, { language }).food?.name).toBe("Flour");
      expect(calls(Map.prototype, "get", () => parseIngredientLine(line, { language }))).toBeLessThan(1_000);
      expect(calls(Map.prototype, "get", () => parseIngredientLine(compound, { language }))).toBeLessThan(
        1_000,
      );
    },
  );

  it.each([
    ["1 1 1 …", `1${" 1".repeat(249)}`],
    ["1-1-1-…", "1-".repeat(250)],
  ])("reads a run of numbers (%s) without trying each of its starts and ends", (_shape, line) => {
    // parse-ingredient reads a number by trying every prefix of the run, a substring each: 500 to
    // 1,000 of them here, each as long as the run.
    expect(calls(String.prototype, "substring", () => parseIngredientLine(line))).toBeLessThan(200);
    expect(parseIngredientLine(line).quantity).toBe(1);
  });
});

describe("JSON-LD whose nodes refer to each other by @id", () => {
  /** `k` nodes `a`, `b`, …, each `node(refs)` with a reference to every one of them, after a Recipe. */
  function bomb(
    k: number,
    node: (refs: unknown[]) => Record<string, unknown>,
    recipe: Record<string, unknown>,
  ) {
    const ids = Array.from({ length: k }, (_, i) => `#${i}`);
    const refs = ids.map((id) => ({ "@id": id }));
    const graph = [
      { "@type": "Recipe", name: "Bomb", ...recipe },
      ...ids.map((id) => ({ "@id": id, ...node(refs) })),
    ];
    const found = findRecipe({ "@graph": graph });
    if (!found) throw new Error("no recipe");
    let resolved = 0;
    const resolve = (value: unknown) => {
      resolved += 1;
      return found.resolve(value);
    };
    return { recipe: found.recipe, resolve, resolved: () => resolved };
  }

  it("reads each section once: 12 sections that list each other give each step once, not 12⁵ times", () => {
    let n = 0;
    const { recipe, resolve, resolved } = bomb(
      12,
      (refs) => ({ "@type": "HowToSection", name: "Part", itemListElement: [...refs, `Stir ${++n} times.`] }),
      { recipeInstructions: { "@id": "#0" } },
    );
    const steps = readSteps(recipe.recipeInstructions, resolve).map((step) => step.replace(/^(Part: )+/, ""));
    expect(steps).toContain("Stir 1 times.");
    expect(new Set(steps).size).toBe(steps.length);
    expect(resolved()).toBeLessThan(12 * 14 + 2);
  });

  it("stops past 200 steps", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      "@type": "HowToStep",
      text: `Stir ${i} times.`,
    }));
    let resolved = 0;
    const steps = readSteps({ "@type": "HowToSection", itemListElement: many }, (value) => {
      resolved += 1;
      return value;
    });
    expect(steps).toHaveLength(201); // one more than the draft keeps, so that it says so
    expect(resolved).toBeLessThan(300);
  });

  it("reads each picture once: 50 ImageObjects that list each other are 50 candidates, not 50³ reads", () => {
    const { recipe, resolve, resolved } = bomb(
      50,
      (refs) => ({ "@type": "ImageObject", url: [...refs, "https://food.example/pie-1200x800.jpg"] }),
      { image: { "@id": "#0" } },
    );
    expect(readImage(recipe.image, undefined, resolve)).toBe("https://food.example/pie-1200x800.jpg");
    expect(resolved()).toBeLessThan(50 * 52 + 2);
  });

  it("looks at 1,000 pictures at most, not all 27,000 of a list of lists of lists", () => {
    let n = 0;
    const list = (make: () => unknown) => Array.from({ length: 30 }, make);
    const object = (url: unknown) => ({ "@type": "ImageObject", url });
    const image = list(() =>
      object(list(() => object(list(() => `https://food.example/${++n}-1200x800.jpg`)))),
    );
    let resolved = 0;
    const found = readImage(image, undefined, (value) => {
      resolved += 1;
      return value;
    });
    expect(found).toBe("https://food.example/1-1200x800.jpg");
    expect(resolved).toBeLessThan(1_200);
  });
});

describe("a JSON-LD block of wrappers", () => {
  it.each([
    ["`-->`", "-->"],
    ["`<!--`", "<!--"],
    ["`//]]>`", "//]]>"],
  ])("strips 16,000 of %s in one pass, not one pass each", (_shape, wrapper) => {
    const block = wrapper.repeat(16_000);
    // Each pass was a replace over the whole block: 16,000 of them, 4 s for 100 KB, hours for 5 MB.
    expect(calls(String.prototype, "replace", () => parseJsonLd(block))).toBeLessThan(100);
    const page = `<html><body><script type="application/ld+json">${block}`;
    expect(calls(String.prototype, "replace", () => scanPage(page))).toBeLessThan(100);
  });

  it("still reads the JSON inside any number of wrappers", () => {
    const json = `${"<!-- <![CDATA[ ".repeat(1000)}{"name": "Pie"}${" //]]> -->".repeat(1000)}`;
    expect(parseJsonLd(json)).toEqual({ name: "Pie" });
  });
});

describe("a page without schema.org, built to be read again and again", () => {
  const nested = (depth: number, inside: string, open = "<b>", close = "</b>") =>
    `${open.repeat(depth)}${inside}${close.repeat(depth)}`;
  const heading = "<h2>Ingredients</h2><ul><li>1 egg</li><li>2 g salt</li></ul>";
  const method = "<h2>Method</h2><p>Mix.</p>";

  it(`is refused past ${MAX_ELEMENTS} elements (5 MB of <b> nested 240 deep: 700,000 of them)`, () => {
    const page = `${heading}${nested(240, "x").repeat(3_000)}${method}`;
    expect(() => htmlRecipe(page)).toThrow(`The page has more than ${MAX_ELEMENTS} elements.`);
  });

  it(`is refused by the import as soon as its elements are counted, microdata or not`, async () => {
    const page = `<p itemscope><b itemprop="name">Pie</b></p>${"<br>".repeat(MAX_ELEMENTS)}`;
    await expect(
      draftFromSource(await readSource({ html: page }), undefined, async () => []),
    ).rejects.toThrow(`The page has more than ${MAX_ELEMENTS} elements.`);
  });

  it("reads a chain of 240 <b> once when it asks whether each is a heading", () => {
    const page = `${heading}${nested(240, "x").repeat(20)}${method}`;
    let recipe: unknown;
    // Each <b> read the 240 below it: 1.2 million steps; once each, the parse itself is most of it.
    expect(calls(Array.prototype, "push", () => (recipe = htmlRecipe(page)))).toBeLessThan(100_000);
    expect(recipe).toMatchObject({ recipeIngredient: ["1 egg", "2 g salt"], recipeInstructions: ["Mix."] });
  });

  it("reads a recipe card nested in itself once", () => {
    const ingredients = nested(
      3,
      "<ul><li>1 egg</li><li>2 g salt</li></ul>",
      `<div class="tasty-recipes-ingredients">${"<i>".repeat(33)}`,
      `${"</i>".repeat(33)}</div>`,
    );
    const page = `${ingredients}<div class="tasty-recipes-instructions"><ol><li>Mix.</li></ol></div>`;
    expect(htmlRecipe(page)).toMatchObject({ recipeIngredient: ["1 egg", "2 g salt"] });
  });

  it("reads the page's text from one budget: items that hold each other, read over and over, are refused", () => {
    // 30 lists of 12 items, each item holding the next 40 tags down (so it is no group of items),
    // each read up to 5,000 characters: 60 times the page's text.
    const items = nested(
      12,
      `2 g ${"salt ".repeat(1000)}`,
      `<li>${"<b>".repeat(40)}`,
      `${"</b>".repeat(40)}</li>`,
    );
    const page = `<h2>Ingredients</h2>${`<ul>${items}</ul>`.repeat(30)}${method}`;
    expect(() => htmlRecipe(page)).toThrow("The page is too complex to read.");
  });
});

describe("a recipe's long texts and lists (the import takes 7 MB of JSON-LD)", () => {
  const same = (value: unknown) => value;

  it("reads the first 100,000 characters of a text", () => {
    // 2 MB of one text: every line of it was read, then all but 200 dropped.
    expect(readSteps("Mix it.\n".repeat(250_000), same)).toHaveLength(100_000 / 8);
    expect(ingredientLines("1 egg\n".repeat(350_000))).toHaveLength(Math.ceil(100_000 / 6));
    expect(parseDuration("1 h ".repeat(500_000))).toBe((100_000 / 4) * 3600);
  });

  it("reads one line past the 200 kept of a list", () => {
    expect(ingredientLines(Array(100_000).fill("1 egg"))).toHaveLength(201);
  });
});
