/**
 * POST /recipes/import through the real pipeline, the fields the import needs (ingredient weights,
 * recipes.source_url) and a picture set by `{url}`. Pages are served by a local HTTP server on
 * 127.0.0.1; fetching them needs IMPORT_ALLOW_PRIVATE_HOSTS (switched on per test), and with it off
 * the same addresses, and every loopback, private or metadata address, are refused. Nothing here
 * opens a connection off this machine: refused literal addresses are refused before connecting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { FETCH_LIMIT as IMPORT_LIMIT, MAX_CONCURRENT_FETCHES } from "../../core/net/fetch-ration.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { makeImage } from "../helpers/image-fixtures.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let server: Server;
let base = "";
let png: Buffer;
/** The answers of /pictures/slow still held back. */
const slowFetches: (() => void)[] = [];

/** The test switch, IMPORT_ALLOW_PRIVATE_HOSTS, as the fetcher reads it on every request. */
const allowPrivateHosts = (on: boolean) => {
  (config as { importAllowPrivateHosts: boolean }).importAllowPrivateHosts = on;
};

/** A word of letters only, so that names built from it singularise and match like real ones. */
const tag = () =>
  `zq${unique("")
    .replace(/[^a-z0-9]/gi, "")
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "")
    .toLowerCase()}`;

const recipePage = (title: string) => `<!doctype html><html lang="en"><head>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"${title}",
"image":"/pictures/pie.png","recipeYield":"4 servings","recipeIngredient":["2 cups all-purpose flour","1 egg"],
"recipeInstructions":[{"@type":"HowToStep","text":"Mix."},{"@type":"HowToStep","text":"Bake."}]}</script>
</head><body><h1>${title}</h1></body></html>`;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
  png = await makeImage("png", { width: 40, height: 30 });
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/pie") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(recipePage("Pie from the web"));
    } else if (path === "/moved") {
      res.writeHead(301, { location: "/pie" });
      res.end();
    } else if (path === "/about") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body><p>No recipe here.</p></body></html>");
    } else if (path === "/menu.pdf") {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end("%PDF-1.4");
    } else if (path === "/pictures/pie.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(png);
    } else if (path === "/pictures/slow") {
      // Answers when the test says so: a fetch that holds its connection.
      slowFetches.push(() => {
        res.writeHead(200, { "content-type": "image/png" });
        res.end(png);
      });
    } else if (path === "/pictures/unlabelled") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(png);
    } else {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("gone");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => allowPrivateHosts(false));

afterAll(async () => {
  allowPrivateHosts(false);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const importAs = (user: TestUser | undefined, json: unknown) =>
  api("POST", "/recipes/import", { ...(user ? { token: user.token } : {}), json });

const recipeCount = async (userId: number) =>
  Number(
    (
      await getDb()
        .selectFrom("recipes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /recipes/import", () => {
  it("answers a draft from JSON-LD, matching ingredients ignoring case, plurals and descriptive words; saves nothing", async () => {
    const t = tag();
    const egg = await api("POST", "/ingredients", {
      token: other.token,
      json: { name: `${t} Egg`, grams_per_piece: 55 },
    });
    const flour = await api("POST", "/ingredients", {
      token: owner.token,
      json: { name: `${t} flours`, grams_per_ml: 0.6 },
    });
    expect([egg.status, flour.status]).toEqual([201, 201]);
    const before = await recipeCount(owner.id);
    const json = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebPage", "@id": "https://recipes.example/tart" },
        { "@type": "ImageObject", "@id": "https://recipes.example/#img", url: "/img/tart.jpg" },
        {
          "@type": ["Recipe", "NewsArticle"],
          name: "Tart &amp; custard",
          description: "<p>Silky.</p>",
          recipeYield: "Serves 4-6",
          prepTime: "PT20M",
          cookTime: "PT1H",
          image: { "@id": "https://recipes.example/#img" },
          recipeCategory: "Dessert, Baking",
          recipeIngredient: [
            `3 large ${t} EGGS, beaten`,
            `2 cups ${t} flour, sifted`,
            `250 g ${t} sugar`,
            // Tagged like the others: on PostgreSQL the test files share one database, where a seeded
            // catalogue may already hold a plain "Salt".
            `a pinch of ${t} salt`,
          ],
          recipeInstructions: [
            {
              "@type": "HowToSection",
              name: "Pastry",
              itemListElement: { "@type": "HowToStep", text: "Rub in." },
            },
            "Bake.",
          ],
        },
      ],
    };
    const res = await importAs(owner, { json, url: "https://recipes.example/tart" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: "Tart & custard",
      description: "Silky.",
      prep_time_sec: 1200,
      cook_time_sec: 3600,
      total_time_sec: null,
      servings: 4,
      source_url: "https://recipes.example/tart",
      image_url: "https://recipes.example/img/tart.jpg",
      category_names: ["Dessert", "Baking"],
      ingredients: [
        {
          text: `3 large ${t} EGGS, beaten`,
          amount_readable: "3",
          amount_grams: 165,
          grams_from: "piece",
          ingredient_id: egg.body.id,
          ingredient_name: `${t} Egg`,
          note: "large, beaten",
        },
        {
          text: `2 cups ${t} flour, sifted`,
          amount_readable: "2 cups",
          amount_grams: 283.9,
          grams_from: "volume",
          ingredient_id: flour.body.id,
          ingredient_name: `${t} flours`,
          note: "sifted",
        },
        {
          text: `250 g ${t} sugar`,
          amount_readable: "250 g",
          amount_grams: 250,
          grams_from: "mass",
          ingredient_id: null,
          ingredient_name: `${t.charAt(0).toUpperCase()}${t.slice(1)} sugar`,
          note: null,
        },
        {
          text: `a pinch of ${t} salt`,
          amount_readable: "a pinch",
          amount_grams: null,
          grams_from: "unknown",
          ingredient_id: null,
          ingredient_name: `${t.charAt(0).toUpperCase()}${t.slice(1)} salt`,
          note: null,
        },
      ],
      steps: [{ description: "Pastry: Rub in." }, { description: "Bake." }],
      // The matched ingredients' own weights are not estimates; only the unknown line is flagged.
      warnings: [
        `Ingredient 4 ('a pinch of ${t} salt'): the grams are unknown ('a pinch of ${t} salt' gives no amount to weigh); enter them if you know them, or save the line without.`,
      ],
    });
    expect(await recipeCount(owner.id)).toBe(before);
  });

  it("weighs unmatched lines with the built-in table and says so in a warning", async () => {
    const res = await importAs(owner, {
      json: {
        "@type": "Recipe",
        name: "Bread",
        recipeIngredient: ["2 cups zqnomatch flour"],
        recipeInstructions: "Knead.",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.ingredients[0]).toMatchObject({
      amount_grams: 250,
      grams_from: "volume",
      ingredient_id: null,
    });
    expect(res.body.warnings).toEqual([
      "Ingredient 1 ('2 cups zqnomatch flour'): 2 cups × 125 g per cup (Flour, built-in table) = 250 g, an estimate to check.",
      "The recipe does not say how many servings it makes.",
    ]);
  });

  it("reads pasted HTML (JSON-LD, else microdata) against the url it came from", async () => {
    const microdata = `<html><body><div itemscope itemtype="http://schema.org/Recipe">
      <h1 itemprop="name">Soup</h1><img itemprop="image" src="soup.jpg">
      <span itemprop="recipeIngredient">1 litre vegetable stock</span>
      <span itemprop="recipeInstructions">Heat it.</span><span itemprop="recipeYield">2</span></div></body></html>`;
    const res = await importAs(admin, { html: microdata, url: "https://recipes.example/soups/one" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Soup",
      servings: 2,
      source_url: "https://recipes.example/soups/one",
      image_url: "https://recipes.example/soups/soup.jpg",
      steps: [{ description: "Heat it." }],
    });
    expect(res.body.ingredients[0]).toMatchObject({
      amount_readable: "1 litre",
      amount_grams: 1014.4,
      grams_from: "volume",
    });
  });

  it("reads a page without schema.org by its own headings, in its language, its picture from og:image", async () => {
    const html = `<html lang="de"><head><meta property="og:image" content="/bilder/kuchen.jpg"></head><body>
      <h1>Rührkuchen</h1><h2>Zutaten</h2><ul><li>250 g Mehl</li><li>2 EL Zucker</li></ul>
      <h2>Zubereitung</h2><ol><li>Alles verrühren.</li><li>50 Minuten backen.</li></ol></body></html>`;
    const res = await importAs(owner, { html, url: "https://kuchen.example/ruehrkuchen" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Rührkuchen",
      image_url: "https://kuchen.example/bilder/kuchen.jpg",
      steps: [{ description: "Alles verrühren." }, { description: "50 Minuten backen." }],
    });
    expect(res.body.ingredients.map((i: { amount_grams: number }) => i.amount_grams)).toEqual([250, 25.4]);
  });

  it("refuses a page nested deeper than browsers nest (422), in its markup or in a JSON-LD text; never a 5xx", async () => {
    const deep = (n: number) => `${"<div>".repeat(n)}x${"</div>".repeat(n)}`;
    const message = "The page nests its elements more than 512 deep.";
    const page = `<html><body>${deep(513)}</body></html>`;
    expect(problem(await importAs(owner, { html: page }), 422).detail).toBe(message);
    // 20,000 levels in a step's text overflowed the stack (a 500) when the text was read recursively.
    const recipe = { "@type": "Recipe", name: "Deep", recipeInstructions: deep(20_000) };
    const ld = `<html><head><script type="application/ld+json">${JSON.stringify(recipe)}</script></head></html>`;
    expect(problem(await importAs(owner, { html: ld }), 422).detail).toBe(message);
    // 512 levels are read.
    const fine = { "@type": "Recipe", name: "Nested", recipeInstructions: deep(510) };
    const res = await importAs(owner, { json: fine });
    expect(res.status).toBe(200);
    expect(res.body.steps).toEqual([{ description: "x" }]);
  });

  it("fetches a page by url (test switch on), following a redirect, relative picture made absolute", async () => {
    allowPrivateHosts(true);
    const res = await importAs(owner, { url: `${base}/moved` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Pie from the web",
      servings: 4,
      source_url: `${base}/moved`,
      image_url: `${base}/pictures/pie.png`,
    });
    expect(res.body.ingredients.map((i: { amount_grams: number }) => i.amount_grams)).toEqual([250, 50]);
  });

  it("answers 422 for a page without a recipe, a failing site and an answer that is not a page", async () => {
    allowPrivateHosts(true);
    expect(problem(await importAs(owner, { url: `${base}/about` }), 422).detail).toBe(
      `No recipe was found at '${base}/about'.`,
    );
    expect(problem(await importAs(owner, { html: "<p>Hello</p>" }), 422).detail).toBe(
      "No recipe was found in the HTML.",
    );
    expect(problem(await importAs(owner, { json: { "@type": "Article" } }), 422)).toMatchObject({
      detail: "No recipe was found in the JSON-LD.",
      errors: [{ path: "json", message: "No recipe was found in the JSON-LD." }],
    });
    expect(problem(await importAs(owner, { url: `${base}/nothing` }), 422).detail).toBe(
      `Could not fetch '${base}/nothing': the site answered with status 404.`,
    );
    expect(problem(await importAs(owner, { url: `${base}/menu.pdf` }), 422).detail).toBe(
      `Could not fetch '${base}/menu.pdf': its content type 'application/pdf' is not a web page or JSON-LD.`,
    );
  });

  it("refuses loopback, private and metadata addresses with the switch off, in every spelling; never a 5xx", async () => {
    const port = new URL(base).port;
    const cases: [string, string][] = [
      [`${base}/pie`, `${base}/pie`],
      [`http://localhost:${port}/pie`, `http://localhost:${port}/pie`],
      [`http://[::ffff:127.0.0.1]:${port}/pie`, `http://[::ffff:7f00:1]:${port}/pie`],
      [`http://2130706433:${port}/pie`, `${base}/pie`],
      [`http://0x7f.0.0.1:${port}/pie`, `${base}/pie`],
      ["http://10.0.0.1/", "http://10.0.0.1/"],
      ["http://169.254.169.254/latest/meta-data/", "http://169.254.169.254/latest/meta-data/"],
      ["http://[fd00::1]/", "http://[fd00::1]/"],
    ];
    for (const [url, shown] of cases) {
      const body = problem(await importAs(owner, { url }), 422);
      expect(body).toMatchObject({
        detail: `Address '${shown}' is not allowed.`,
        errors: [{ path: "url", message: `Address '${shown}' is not allowed.` }],
      });
    }
  });

  it("checks the body: exactly one of url, html or json; http(s) only; no unknown fields", async () => {
    const one = "Send exactly one of 'url', 'html' or 'json' ('url' may come with 'html' or 'json').";
    expect(problem(await importAs(owner, {}), 422).errors).toEqual([{ path: "(body)", message: one }]);
    expect(problem(await importAs(owner, { html: "<p>", json: {} }), 422).errors).toEqual([
      { path: "(body)", message: one },
    ]);
    expect(problem(await importAs(owner, { url: "ftp://recipes.example/x" }), 422).errors).toEqual([
      { path: "url", message: "Must be an http or https address." },
    ]);
    expect(problem(await importAs(owner, { json: "Recipe" }), 422).errors).toEqual([
      { path: "json", message: "Must be a JSON object or array." },
    ]);
    expect(problem(await importAs(owner, { html: "x".repeat(5 * 1024 * 1024 + 1) }), 422).errors).toEqual([
      { path: "html", message: "Must be at most 5242880 bytes." },
    ]);
    expect(problem(await importAs(owner, { json: {}, user_id: 1 }), 422).errors).toEqual([
      { path: "user_id", message: "Unknown field." },
    ]);
    const text = await api("POST", "/recipes/import", {
      token: owner.token,
      body: "https://recipes.example",
      headers: { "content-type": "text/plain" },
    });
    expect(problem(text, 415).detail).toBe("Content type 'text/plain' is not supported.");
  });

  it("reads a pasted page of 5 MB (the body it takes in JSON is larger); a body past 7 MB is a 413", async () => {
    const page = recipePage("Big page");
    const filler = '<p class="x">filler</p>\n';
    const pad = 5 * 1024 * 1024 - Buffer.byteLength(page) - "<!---->".length;
    const html = page.replace(
      "</body>",
      `<!--${filler.repeat(Math.floor(pad / filler.length))}${"-".repeat(pad % filler.length)}--></body>`,
    );
    expect(Buffer.byteLength(html)).toBe(5 * 1024 * 1024);
    // Its quotes and line breaks escaped, the body is larger than the page.
    expect(Buffer.byteLength(JSON.stringify({ html }))).toBeGreaterThan(5.5 * 1024 * 1024);
    const res = await importAs(owner, { html, url: "https://recipes.example/big" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Big page",
      image_url: "https://recipes.example/pictures/pie.png",
    });
    const huge = await importAs(owner, { html: '"'.repeat(3.5 * 1024 * 1024) });
    expect(problem(huge, 413).detail).toBe("Request body is larger than 7340032 bytes.");
  });

  it("is for signed-in users only", async () => {
    expect(problem(await importAs(undefined, { json: {} }), 401).detail).toBe("Not authenticated.");
  });

  it("has its own route beside /recipes/{recipe_id}, with or without a trailing slash", async () => {
    const json = { "@type": "Recipe", name: "Routed" };
    const res = await api("POST", "/recipes/import/", { token: owner.token, json: { json } });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Routed");
    // Other methods on the path are the recipe routes, and `import` is no recipe id.
    expect(problem(await api("GET", "/recipes/import"), 404).detail).toBe(
      "Recipe ID 'import' was not found.",
    );
  });

  it(`throttles each user after ${IMPORT_LIMIT.max} imports (429 with Retry-After), not the others`, async () => {
    const busy = await makeUser();
    const json = { "@type": "Recipe", name: "Toast", recipeIngredient: ["1 slice bread"] };
    for (let i = 0; i < IMPORT_LIMIT.max; i += 1) expect((await importAs(busy, { json })).status).toBe(200);
    const refused = await importAs(busy, { json });
    expect(problem(refused, 429).detail).toMatch(/^Too many imports\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await importAs(other, { json })).status).toBe(200);
  });
});

/** A page holding `blocks` as JSON-LD scripts (written as given: they may be broken), after `head`. */
const pageWith = (blocks: string[], head = "", lang = "en") =>
  `<!doctype html><html lang="${lang}"><head>${head}${blocks
    .map((b) => `<script type="application/ld+json">${b}</script>`)
    .join("\n")}</head><body></body></html>`;

describe("POST /recipes/import reads real pages (issue 30)", () => {
  // A reader of its own per test: imports are throttled per user.
  let reader: TestUser;
  beforeEach(async () => {
    reader = await makeUser();
  });
  const draftOf = async (json: unknown) => {
    const res = await importAs(reader, json);
    expect(res.status).toBe(200);
    return res.body;
  };

  it("keeps the page's total time, resting included; null when it is prep + cook; no cook time made up", async () => {
    const recipe = (times: object) => ({
      json: {
        "@type": "Recipe",
        name: "Croissants",
        recipeYield: "12",
        recipeIngredient: ["500 g zqflour"],
        recipeInstructions: "Laminate, rest, bake.",
        ...times,
      },
    });
    expect(await draftOf(recipe({ prepTime: "PT1H", cookTime: "PT15M", totalTime: "PT22H" }))).toMatchObject({
      prep_time_sec: 3600,
      cook_time_sec: 900,
      total_time_sec: 79_200,
      warnings: [],
    });
    expect(
      await draftOf(recipe({ prepTime: "PT1H", cookTime: "PT15M", totalTime: "PT1H15M" })),
    ).toMatchObject({
      total_time_sec: null,
    });
    expect(await draftOf(recipe({ totalTime: "PT45M" }))).toMatchObject({
      prep_time_sec: null,
      cook_time_sec: null,
      total_time_sec: 2700,
      warnings: [],
    });
    expect(await draftOf(recipe({ prepTime: "PT10M", totalTime: "soon" }))).toMatchObject({
      prep_time_sec: 600,
      total_time_sec: null,
      warnings: ["The recipe's total time could not be read."],
    });
  });

  it("saves the draft's total time with the recipe, and the recipe's JSON-LD gives it back", async () => {
    const draft = await draftOf({
      json: { "@type": "Recipe", name: "Bread", prepTime: "PT20M", totalTime: "PT4H" },
    });
    const saved = await api("POST", "/recipes", {
      token: reader.token,
      json: { title: draft.title, prep_time_sec: draft.prep_time_sec, total_time_sec: draft.total_time_sec },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.total_time_sec).toBe(14_400);
    const ld = await api("GET", `/recipes/${saved.body.id}`, { headers: { accept: "application/ld+json" } });
    expect(ld.body).toMatchObject({ prepTime: "PT20M", totalTime: "PT4H" });
    expect((await draftOf({ json: ld.body })).total_time_sec).toBe(14_400);
  });

  it.each([
    ["a bad escape", String.raw`{"@type": "Recipe", "name": "Nan\'s pie", "recipeYield": "4"}`, "Nan's pie"],
    [
      "a second object after the first",
      '{"@type": "WebSite", "name": "Site"}\n{"@type": "Recipe", "name": "Second"}',
      "Second",
    ],
    [
      "an unquoted key and a trailing comma",
      '{"@type": "Recipe", name: "Loose", "recipeYield": 4,}',
      "Loose",
    ],
    ["a raw line break in a string", '{"@type": "Recipe", "name": "Broken\nline"}', "Broken line"],
    ["an HTML comment around it", '<!--\n{"@type": "Recipe", "name": "Wrapped"}\n-->', "Wrapped"],
  ])("reads JSON-LD that strict JSON refuses: %s", async (_, block, title) => {
    expect((await draftOf({ html: pageWith([block]) })).title).toBe(title);
  });

  it("takes the page's og:image first; without one, the Recipe's largest picture, never a thumbnail", async () => {
    const recipe = (image: unknown) => JSON.stringify({ "@type": "Recipe", name: "Pie", image });
    const og = '<meta property="og:image" content="/og/pie.jpg">';
    const url = "https://food.example/pie/";
    const imageOf = async (image: unknown, head = og) =>
      (await draftOf({ html: pageWith([recipe(image)], head), url })).image_url;
    expect(await imageOf(["/p-225x225.jpg", "/p-1200x800.jpg", "/p-480x480.jpg"])).toBe(
      "https://food.example/og/pie.jpg",
    );
    expect(await imageOf(["/p-225x225.jpg", "/p-1200x800.jpg", "/p-480x480.jpg"], "")).toBe(
      "https://food.example/p-1200x800.jpg",
    );
    expect(
      await imageOf(
        [
          { "@type": "ImageObject", url: "/a.jpg", width: 720, height: 540 },
          { "@type": "ImageObject", url: "/b.jpg", width: 1200, height: 900 },
        ],
        "",
      ),
    ).toBe("https://food.example/b.jpg");
    expect(await imageOf(["/p-150x150.jpg", "/thumbnail/p.jpg"])).toBe("https://food.example/og/pie.jpg");
    expect(await imageOf(undefined)).toBe("https://food.example/og/pie.jpg");
    expect(await imageOf(undefined, '<meta name="twitter:image" content="https://cdn.example/tw.jpg">')).toBe(
      "https://cdn.example/tw.jpg",
    );
  });

  it("reads servings from yields in many shapes and languages", async () => {
    for (const [recipeYield, servings] of [
      ["Makes 24 cookies", 24],
      ["1 loaf (12 slices)", 1],
      ["4 Portionen", 4],
      [["", "6 personnes"], 6],
    ] as const) {
      expect((await draftOf({ json: { "@type": "Recipe", name: "Y", recipeYield } })).servings).toBe(
        servings,
      );
    }
  });

  it("reads lines in the page's language: the recipe's inLanguage, else the page's, else <html lang>", async () => {
    const recipe = (extra: object = {}) =>
      JSON.stringify({ "@type": "Recipe", name: "Brot", recipeIngredient: ["2,500 kg zqmehl"], ...extra });
    const grams = async (html: string) => (await draftOf({ html })).ingredients[0].amount_grams;
    // In English 2,500 is two thousand and more; in German, two and a half.
    expect(await grams(pageWith([recipe()]))).toBe(2_500_000);
    expect(await grams(pageWith([recipe()], "", "de-DE"))).toBe(2500);
    expect(await grams(pageWith([recipe({ inLanguage: "de" })]))).toBe(2500);
    const webPage = JSON.stringify({ "@graph": [{ "@type": "WebPage", inLanguage: "de-AT" }] });
    expect(await grams(pageWith([webPage, recipe()]))).toBe(2500);
    expect(await grams(pageWith([recipe({ inLanguage: "en-US" })], "", "de"))).toBe(2_500_000);
  });
});

describe("saving a draft: weights, source_url and the picture by url", () => {
  it("creates an ingredient with weights, a recipe with its source link, then its picture from the page", async () => {
    allowPrivateHosts(true);
    const draft = (await importAs(owner, { url: `${base}/pie` })).body;
    const name = unique("Imported egg");
    const ingredient = await api("POST", "/ingredients", {
      token: owner.token,
      json: { name, grams_per_ml: 1.03, grams_per_piece: 50 },
    });
    expect(ingredient.status).toBe(201);
    expect(ingredient.body).toMatchObject({ name, grams_per_ml: 1.03, grams_per_piece: 50 });
    const recipe = await api("POST", "/recipes", {
      token: owner.token,
      json: {
        title: draft.title,
        servings: draft.servings,
        source_url: draft.source_url,
        ingredients: [{ ingredient_id: ingredient.body.id, amount_grams: 50, amount_readable: "1" }],
        steps: draft.steps,
      },
    });
    expect(recipe.status).toBe(201);
    expect(recipe.body.source_url).toBe(`${base}/pie`);
    const picture = await api("PUT", `/recipes/${recipe.body.id}/image`, {
      token: owner.token,
      json: { url: draft.image_url },
    });
    expect(picture.status).toBe(200);
    expect(picture.body.img).toMatch(/\.png$/);
    expect(picture.body.preview_img).toMatch(/\.webp$/);
    const row = await getDb()
      .selectFrom("recipes")
      .select(["source_url", "img"])
      .where("id", "=", recipe.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source_url: `${base}/pie`, img: picture.body.img });
    // A picture served as octet-stream is recognised by its bytes.
    const again = await api("PUT", `/ingredients/${ingredient.body.id}/image`, {
      token: owner.token,
      json: { url: `${base}/pictures/unlabelled` },
    });
    expect(again.status).toBe(200);
    expect(again.body.img).toMatch(/\.png$/);
  });

  it("refuses a picture url that is private (switch off), not a picture, or another user's row", async () => {
    const recipe = await api("POST", "/recipes", { token: owner.token, json: { title: "Bare" } });
    const put = (user: TestUser, json: unknown) =>
      api("PUT", `/recipes/${recipe.body.id}/image`, { token: user.token, json });
    expect(problem(await put(owner, { url: `${base}/pictures/pie.png` }), 422).detail).toBe(
      `Address '${base}/pictures/pie.png' is not allowed.`,
    );
    expect(problem(await put(owner, { url: "http://169.254.169.254/latest/meta-data/" }), 422).detail).toBe(
      "Address 'http://169.254.169.254/latest/meta-data/' is not allowed.",
    );
    allowPrivateHosts(true);
    expect(problem(await put(owner, { url: `${base}/pie` }), 422).detail).toBe(
      `Could not fetch '${base}/pie': its content type 'text/html' is not a JPEG, PNG, WebP or AVIF picture.`,
    );
    expect(problem(await put(owner, { url: "ftp://x/y.png" }), 422).errors).toEqual([
      { path: "url", message: "Must be an http or https address of at most 2000 characters." },
    ]);
    expect(problem(await put(owner, { url: `${base}/pictures/pie.png`, alt: "x" }), 422).errors).toEqual([
      { path: "alt", message: "Unknown field." },
    ]);
    expect(problem(await put(other, { url: `${base}/pictures/pie.png` }), 403).detail).toBe(
      `Recipe ID ${recipe.body.id} belongs to another user.`,
    );
    const row = await getDb()
      .selectFrom("recipes")
      .select("img")
      .where("id", "=", recipe.body.id)
      .executeTakeFirstOrThrow();
    expect(row.img).toBeNull();
  });

  it("checks ingredient weights: > 0 and within bounds, null clears them", async () => {
    const name = unique("Weighed");
    for (const bad of [
      { grams_per_ml: 0 },
      { grams_per_ml: -1 },
      { grams_per_ml: 101 },
      { grams_per_piece: 0 },
    ]) {
      const res = await api("POST", "/ingredients", { token: owner.token, json: { name, ...bad } });
      expect(problem(res, 422).errors?.[0]).toMatchObject({ path: Object.keys(bad)[0] });
    }
    const created = await api("POST", "/ingredients", {
      token: owner.token,
      json: { name, grams_per_piece: 150 },
    });
    expect(created.body).toMatchObject({ grams_per_ml: null, grams_per_piece: 150 });
    const updated = await api("PUT", `/ingredients/${created.body.id}`, {
      token: owner.token,
      json: { grams_per_ml: 0.53, grams_per_piece: null },
    });
    expect(updated.body).toMatchObject({ grams_per_ml: 0.53, grams_per_piece: null });
    expect((await api("GET", `/ingredients/${created.body.id}`)).body).toMatchObject({ grams_per_ml: 0.53 });
  });

  it("checks source_url: http(s), at most 2000 characters; null clears it; lists show it", async () => {
    for (const url of [
      "ftp://recipes.example/x",
      "not a url",
      `https://recipes.example/${"a".repeat(2000)}`,
    ]) {
      const res = await api("POST", "/recipes", {
        token: owner.token,
        json: { title: "Linked", source_url: url },
      });
      expect(problem(res, 422).errors?.[0]).toMatchObject({ path: "source_url" });
    }
    const title = unique("Linked");
    const created = await api("POST", "/recipes", {
      token: owner.token,
      json: { title, source_url: "https://recipes.example/linked" },
    });
    const listed = await api("GET", `/recipes?user_id=${owner.id}&limit=100`);
    expect(listed.body.items.find((r: { id: number }) => r.id === created.body.id)?.source_url).toBe(
      "https://recipes.example/linked",
    );
    const cleared = await api("PUT", `/recipes/${created.body.id}`, {
      token: owner.token,
      json: { source_url: null },
    });
    expect(cleared.body.source_url).toBeNull();
    const stored = await sql<{
      source_url: string | null;
    }>`select source_url from recipes where id = ${created.body.id}`.execute(getDb());
    expect(stored.rows[0]?.source_url).toBeNull();
  });
});

describe("pictures by address are rationed per user", () => {
  const putUrl = async (user: TestUser, url: string) => {
    const recipe = await api("POST", "/recipes", { token: user.token, json: { title: unique("Pic") } });
    return api("PUT", `/recipes/${recipe.body.id}/image`, { token: user.token, json: { url } });
  };

  it(`fetches at most ${MAX_CONCURRENT_FETCHES} at once for one user: the next is 429 with Retry-After`, async () => {
    allowPrivateHosts(true);
    const user = await makeUser();
    const held = [putUrl(user, `${base}/pictures/slow`), putUrl(user, `${base}/pictures/slow`)];
    await expect.poll(() => slowFetches.length).toBe(MAX_CONCURRENT_FETCHES);
    const refused = await putUrl(user, `${base}/pictures/slow`);
    expect(problem(refused, 429).detail).toBe(
      `At most ${MAX_CONCURRENT_FETCHES} pictures are fetched for you at once. Try again in 10 seconds.`,
    );
    expect(refused.headers["retry-after"]).toBe("10");
    // Someone else is not held up.
    expect((await putUrl(other, `${base}/pictures/pie.png`)).status).toBe(200);
    for (const answer of slowFetches.splice(0)) answer();
    for (const res of await Promise.all(held)) expect(res.status).toBe(200);
    // The slots were given back.
    expect((await putUrl(user, `${base}/pictures/pie.png`)).status).toBe(200);
  });

  it(`counts against the import's budget of ${IMPORT_LIMIT.max}, both ways`, async () => {
    allowPrivateHosts(true);
    const user = await makeUser();
    const json = { "@type": "Recipe", name: "Toast", recipeIngredient: ["1 slice bread"] };
    for (let i = 0; i < IMPORT_LIMIT.max - 1; i += 1)
      expect((await importAs(user, { json })).status).toBe(200);
    expect((await putUrl(user, `${base}/pictures/pie.png`)).status).toBe(200);
    const refused = await putUrl(user, `${base}/pictures/pie.png`);
    expect(problem(refused, 429).detail).toMatch(
      /^Too many imports and pictures fetched by address\. Try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(problem(await importAs(user, { json }), 429).detail).toMatch(/^Too many imports\./);
    // A picture sent as bytes fetches nothing and is not counted.
    const recipe = await api("POST", "/recipes", { token: user.token, json: { title: "Bytes" } });
    const upload = await api("PUT", `/recipes/${recipe.body.id}/image`, {
      token: user.token,
      body: png,
      headers: { "content-type": "image/png" },
    });
    expect(upload.status).toBe(200);
  });
});
