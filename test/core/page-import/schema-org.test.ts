/** Reading a recipe's fields as pages give them (schema-org.ts): picture, yield, language, the page around it. */
import { describe, expect, it } from "vitest";
import {
  ingredientLines,
  inLanguageOf,
  languageTag,
  parseYield,
  readImage,
  readSteps,
  scanPage,
  sizeInUrl,
} from "../../../core/page-import/schema-org.ts";

const same = (value: unknown) => value;
const base = "https://food.example/recipes/pie/";

describe("readImage", () => {
  it.each<[string, unknown, string | null]>([
    ["a string", "https://food.example/pie.jpg", "https://food.example/pie.jpg"],
    ["a relative address, made absolute", "/img/pie.jpg", "https://food.example/img/pie.jpg"],
    [
      "an ImageObject",
      { "@type": "ImageObject", url: "https://food.example/pie.jpg" },
      "https://food.example/pie.jpg",
    ],
    [
      "an ImageObject's contentUrl",
      { "@type": "ImageObject", contentUrl: "/pie.jpg" },
      "https://food.example/pie.jpg",
    ],
    [
      "of ImageObjects, the largest by width × height",
      [
        { "@type": "ImageObject", url: "/a.jpg", width: 1200, height: 675 },
        { "@type": "ImageObject", url: "/b.jpg", width: "1200", height: "1200" },
        {
          "@type": "ImageObject",
          url: "/c.jpg",
          width: { "@type": "QuantitativeValue", value: 1200 },
          height: 900,
        },
      ],
      "https://food.example/b.jpg",
    ],
    [
      "of addresses, the largest size they name (WordPress)",
      ["/pie-225x225.jpg", "/pie-480x480.jpg", "/pie-1200x800.jpg", "/pie-500x375.jpg"],
      "https://food.example/pie-1200x800.jpg",
    ],
    [
      "a size named with an underscore",
      ["/pie_480x480.jpg", "/pie_1200x800.jpg"],
      "https://food.example/pie_1200x800.jpg",
    ],
    [
      "a size named in the query (w=, resize=)",
      [
        "https://cdn.example/pie.jpg?w=480",
        "https://cdn.example/pie.jpg?resize=1200%2C800",
        "https://cdn.example/x.jpg?w=600&h=400",
      ],
      "https://cdn.example/pie.jpg?resize=1200%2C800",
    ],
    [
      "a size named as Cloudinary names it",
      [
        "https://res.example/image/upload/w_400,h_300/pie.jpg",
        "https://res.example/image/upload/w_1600/pie.jpg",
      ],
      "https://res.example/image/upload/w_1600/pie.jpg",
    ],
    [
      "the original beside its sized copies",
      ["/pie-480x480.jpg", "/pie-1024x683.jpg", "/pie.jpg"],
      "https://food.example/pie.jpg",
    ],
    ["of several of unknown size, the first", ["/one.jpg", "/two.jpg"], "https://food.example/one.jpg"],
    [
      "never a thumbnail by its name, even first",
      ["/thumbnails/pie.jpg", "/pie-thumb.jpg", "/pie-main.jpg"],
      "https://food.example/pie-main.jpg",
    ],
    [
      "a thumbprint is no thumbnail",
      ["/pie-150x150.jpg", "/thumbprint-cookies.jpg"],
      "https://food.example/thumbprint-cookies.jpg",
    ],
    [
      "never a thumbnail by its size (under 300 px), even the only sized one",
      [{ "@type": "ImageObject", url: "/small.jpg", width: 200, height: 200 }, "/other.jpg"],
      "https://food.example/other.jpg",
    ],
    [
      "only a thumbnail: it, rather than nothing",
      ["/pie-225x225.jpg"],
      "https://food.example/pie-225x225.jpg",
    ],
    ["nothing usable", ["", "ftp://x/pie.jpg", 5, { "@type": "ImageObject" }], null],
  ])("%s", (_, value, expected) => {
    expect(readImage(value, base, same)).toBe(expected);
  });

  it("takes the page's own picture (og:image) first, as the site shows the page when shared", () => {
    expect(readImage(undefined, base, same, "/og.jpg")).toBe("https://food.example/og.jpg");
    expect(readImage(["/pie-150x150.jpg"], base, same, "/og.jpg")).toBe("https://food.example/og.jpg");
    expect(readImage(["/pie.jpg"], base, same, "/og.jpg")).toBe("https://food.example/og.jpg");
    // Without one, the Recipe's own.
    expect(readImage(["/pie.jpg"], base, same)).toBe("https://food.example/pie.jpg");
  });

  it("follows @id references to ImageObjects", () => {
    const index: Record<string, unknown> = {
      "#primary": { "@id": "#primary", url: "/big.jpg", width: 1600, height: 900 },
    };
    const resolve = (v: unknown) =>
      typeof v === "object" && v !== null && "@id" in v ? (index[(v as { "@id": string })["@id"]] ?? v) : v;
    expect(readImage([{ "@id": "#primary" }, "/pie-480x480.jpg"], base, resolve)).toBe(
      "https://food.example/big.jpg",
    );
  });
});

describe("sizeInUrl", () => {
  it.each<[string, { width?: number; height?: number }]>([
    ["https://x.example/wp-content/uploads/2024/05/pie-1200x800.jpg", { width: 1200, height: 800 }],
    ["https://x.example/resize/640x480/pie.jpg", { width: 640, height: 480 }],
    ["https://x.example/pie.jpg?w=1200", { width: 1200 }],
    ["https://x.example/pie.jpg?width=800&height=600", { width: 800, height: 600 }],
    ["https://x.example/pie.jpg?fit=1024%2C683&ssl=1", { width: 1024, height: 683 }],
    ["https://x.example/2024/pie.jpg", {}],
    ["https://x.example/pie-2x.jpg", {}],
  ])("%s", (url, expected) => {
    expect(sizeInUrl(url)).toEqual(expected);
  });
});

describe("parseYield", () => {
  it.each<[unknown, number | null]>([
    [4, 4],
    [4.4, 4],
    ["4", 4],
    ["4 servings", 4],
    ["Serves 4-6", 4],
    ["4-6", 4],
    ["4–6 servings", 4],
    ["serves 4 people", 4],
    ["Makes 24 cookies", 24],
    ["1 loaf (12 slices)", 1],
    ["4 portions", 4],
    ["4 Portionen", 4],
    ["4 personnes", 4],
    ["4 personas", 4],
    ["4 porzioni", 4],
    ["4 personen", 4],
    ["4 porções", 4],
    ["4 portioner", 4],
    ["Für 4 Personen", 4],
    ["Serves: <b>6</b>", 6],
    ["One 9-inch pie, serves 8", 8],
    ['9" tart (8 slices)', 8],
    ["9x13 pan", null],
    ["9 x 13 inch pan, serves 12", 12],
    ["approx 4 servings", 4],
    [["4", "4 servings"], 4],
    [["", "Servings", "6 servings"], 6],
    [[0, "0", "2"], 2],
    [{ "@type": "QuantitativeValue", value: 6 }, 6],
    [{ "@type": "QuantitativeValue", value: "6" }, 6],
    [[["8 servings"]], 8],
    ["a few", null],
    ["", null],
    [null, null],
    [20_000, 10_000],
  ])("%j → %j", (value, expected) => {
    expect(parseYield(value)).toBe(expected);
  });
});

describe("the page's language", () => {
  it.each<[unknown, string | undefined]>([
    ["en", "en"],
    ["en-US", "en-us"],
    ["de_DE", "de-de"],
    [" PT-br ", "pt-br"],
    [{ "@type": "Language", name: "French", alternateName: "fr" }, "fr"],
    [["", "sv"], "sv"],
    ["English", undefined],
    [42, undefined],
    [undefined, undefined],
  ])("languageTag(%j) → %j", (value, expected) => {
    expect(languageTag(value)).toBe(expected);
  });

  it("finds the page's inLanguage in its JSON-LD (Yoast puts it on the WebPage)", () => {
    const graph = {
      "@graph": [
        { "@type": "Organization", name: "X" },
        { "@type": "WebPage", inLanguage: "nl-NL" },
      ],
    };
    expect(inLanguageOf([graph])).toBe("nl-nl");
    expect(inLanguageOf([{ "@type": "Recipe" }])).toBeUndefined();
  });

  it("scanPage reads <html lang>, else og:locale, and og:image before twitter:image (decoded)", () => {
    const page = scanPage(`<html lang="da-DK"><head>
      <meta name="twitter:image" content="https://x.example/tw.jpg">
      <meta property="og:image" content="https://x.example/og.jpg?a=1&amp;b=2">
      <meta property="og:image" content="https://x.example/second.jpg">
      <meta property="og:locale" content="en_GB"></head></html>`);
    expect(page).toMatchObject({ lang: "da-DK", image: "https://x.example/og.jpg?a=1&b=2" });
    expect(
      scanPage(`<html><head><meta property="og:locale" content="de_DE">
      <meta name="twitter:image" content="/tw.jpg"></head></html>`),
    ).toMatchObject({ lang: "de_DE", image: "/tw.jpg" });
    expect(scanPage("<html><body></body></html>")).toMatchObject({ lang: undefined, image: undefined });
  });

  it("scanPage reads JSON-LD blocks that strict JSON refuses", () => {
    const page = scanPage(`<script type="application/ld+json">{"@type": "Recipe", name: "Pie",}</script>
      <script type="application/ld+json">{"@type": "WebPage"}{"@type": "Organization"}</script>`);
    expect(page.blocks).toEqual([
      { "@type": "Recipe", name: "Pie" },
      [{ "@type": "WebPage" }, { "@type": "Organization" }],
    ]);
  });
});

describe("ingredientLines", () => {
  it.each<[string, unknown, string[]]>([
    [
      "a list of strings, markup and entities read",
      ["2 cups <b>flour</b>", "1 &frac12; tsp salt", ""],
      ["2 cups flour", "1 ½ tsp salt"],
    ],
    [
      "one string holding every line",
      "2 cups flour\n1 egg<br>a pinch of salt",
      ["2 cups flour", "1 egg", "a pinch of salt"],
    ],
    ["a line with a break inside stays one line", ["2 cups flour,\n  sifted"], ["2 cups flour, sifted"]],
    [
      "lists of lists, flattened",
      [["200 g flour", "2 eggs"], ["50 g sugar"]],
      ["200 g flour", "2 eggs", "50 g sugar"],
    ],
    [
      "PropertyValues: value, unit, name",
      [
        { "@type": "PropertyValue", value: 2, unitText: "cups", name: "flour" },
        { "@type": "PropertyValue", value: "3", name: "eggs" },
        { "@type": "PropertyValue", value: 500, unitCode: "GRM", name: "potatoes" },
      ],
      ["2 cups flour", "3 eggs", "500 GRM potatoes"],
    ],
    ["expanded JSON-LD values", [{ "@value": "1 onion" }], ["1 onion"]],
    ["nothing", undefined, []],
  ])("%s", (_, value, lines) => {
    expect(ingredientLines(value)).toEqual(lines);
  });
});

describe("readSteps", () => {
  const step = (name: string, text: string) => ({ "@type": "HowToStep", name, text });
  it.each<[string, unknown, string[]]>([
    [
      "a name that says more than the text goes in front",
      [step("Make the dough", "Mix the flour and water.")],
      ["Make the dough: Mix the flour and water."],
    ],
    [
      "a name repeating the text is dropped",
      [step("Mix the flour and water.", "Mix the flour and water.")],
      ["Mix the flour and water."],
    ],
    [
      "a name cutting the text short is dropped",
      [step("Mix the flour…", "Mix the flour and water.")],
      ["Mix the flour and water."],
    ],
    [
      "a name that only numbers the step is dropped",
      [step("Step 2", "Bake."), step("Schritt 3", "Backen."), step("4.", "Serve.")],
      ["Bake.", "Backen.", "Serve."],
    ],
    [
      "a numbered name is read without its number",
      [
        step("1. Preheat the oven", "1. Preheat the oven to 200C."),
        step("Step 2: Mix", "Mix well."),
        step("Schritt 3 von 4", "Backen."),
        step("4. Rest", "Leave for an hour."),
      ],
      ["Preheat the oven to 200C.", "Mix well.", "Backen.", "Rest: Leave for an hour."],
    ],
    [
      "a size at the start of a step is no numbering",
      ["12-inch skillet: heat the oil.", "10- to 12-inch pan, greased."],
      ["12-inch skillet: heat the oil.", "10- to 12-inch pan, greased."],
    ],
    [
      "zero-width spaces are dropped",
      [step("", "Whisk\u200b the eggs\ufeff."), "Bake\u200b."],
      ["Whisk the eggs.", "Bake."],
    ],
    [
      "a name alone is the step",
      [{ "@type": "HowToStep", name: "Bake for 20 minutes." }],
      ["Bake for 20 minutes."],
    ],
    [
      "a section's name before its first step",
      [
        {
          "@type": "HowToSection",
          name: "Sauce",
          itemListElement: [step("", "Melt the butter."), step("", "Whisk.")],
        },
      ],
      ["Sauce: Melt the butter.", "Whisk."],
    ],
  ])("%s", (_, value, steps) => {
    expect(readSteps(value, same)).toEqual(steps);
  });
});
