/**
 * `npm run bench:import`: the hostile inputs of issue 36 (item 1) at the request size limits, each
 * timed on the path a request takes through the process, without the database and the network:
 * ingredient lines through readLines (what `POST /ingredient-lines/parse` runs after its throttle, no
 * ingredient matched), pages and JSON-LD through readSource and draftFromSource (what
 * `POST /recipes/import` runs after fetching), read on the local server's worker pool
 * (core/page-import/read-pool.ts) as `npm run dev` and `npm start` read them. Prints, for each shape,
 * its size, the worst wall and CPU time of its runs, the longest the event loop was held meanwhile
 * (what `/health` and every other request of the process would wait at most beyond their own work:
 * the longest gap between the ticks of a 5 ms timer, less the 5 ms), how it ended (a draft, or the 422 it got) and PASS when
 * the worst wall time is under 1 s and the event loop was never held 100 ms. `--in-thread` reads in
 * the bench's own thread instead, as a Lambda does (one request per instance): the loop is then held
 * for the whole read.
 *
 * The limits: the import's body is 7 MB, of which pasted HTML 5 MB (core/page-import/schemas.ts,
 * functions/recipes/page-import.ts), so JSON-LD sent as `{json}` may be 7 MB; `POST
 * /ingredient-lines/parse` takes 100 lines of 500 characters (a JSON body of 1 MB at most). `-- --runs N` (default 3) runs each shape N times, `--scale F` multiplies every
 * size by F (0.02 to see a slow version's trend without waiting hours), `--only TEXT` runs the shapes
 * whose name holds TEXT. The machine's load is printed: wall times on a busy machine are longer
 * than its CPU times, and the verdict is the wall time's.
 */
import { loadavg } from "node:os";
import { MAX_ELEMENTS } from "../core/page-import/html.ts";
import { readPagesWith } from "../core/page-import/read-page.ts";
import { readingPool, workerReader } from "../core/page-import/read-pool.ts";
import type { RecipeImportRequest } from "../core/page-import/schemas.ts";
import { draftFromSource, readLines, readSource } from "../core/page-import/service.ts";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const RUNS = Number(option("runs") ?? 3);
const SCALE = Number(option("scale") ?? 1);
const ONLY = option("only");
const IN_THREAD = process.argv.includes("--in-thread");
const LIMIT_MS = 1000;
const HELD_LIMIT_MS = 100;
const MB = 1024 * 1024;
const HTML_BYTES = Math.floor(5 * MB * SCALE);
/** JSON-LD sent as the import's `{json}`: its body may be 7 MB (the HTML's 5 MB and room for escapes). */
const JSON_BYTES = Math.floor(7 * MB * SCALE) - 100;
const LINES = Math.max(1, Math.round(100 * Math.min(SCALE, 1)));

/** `unit` repeated to fill `bytes` after `head`. */
const fill = (bytes: number, head: string, unit: string, tail = "") =>
  head + unit.repeat(Math.max(1, Math.floor((bytes - head.length - tail.length) / unit.length))) + tail;
/** `inside` wrapped `depth` times in `open` … `close`. */
const nested = (depth: number, inside: string, open = "<b>", close = "</b>") =>
  `${open.repeat(depth)}${inside}${close.repeat(depth)}`;
/** A line of 500 characters of `words` over and over. */
const line = (...words: string[]) => fill(500, "", `${words.join(" ")} `).slice(0, 500);

/**
 * JSON-LD whose `count` nodes `node(refs)` each refer to all of them (`{"@id": "#7"}`), as large
 * as `bytes` allows: every node is reachable from every other, as often as the reader follows.
 */
function referenceBomb(bytes: number, node: (refs: unknown[]) => object, recipe: object) {
  const perNode = 15; // `{"@id":"#123"},` within each node's list of references
  const count = Math.max(2, Math.floor(Math.sqrt(bytes / perNode)));
  const refs = Array.from({ length: count }, (_, i) => ({ "@id": `#${i}` }));
  return {
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "Recipe", name: "References", recipeIngredient: ["1 egg", "2 cups flour"], ...recipe },
      ...refs.map((ref) => ({ ...ref, ...node(refs) })),
    ],
  };
}
const sections = (bytes: number) =>
  referenceBomb(
    bytes,
    (refs) => ({ "@type": "HowToSection", name: "Part", itemListElement: [...refs, "Stir."] }),
    { recipeInstructions: { "@id": "#0" } },
  );
const pictures = (bytes: number) =>
  referenceBomb(
    bytes,
    (refs) => ({ "@type": "ImageObject", url: [...refs, "https://food.example/pie-1200x800.jpg"] }),
    { image: { "@id": "#0" }, recipeInstructions: ["Stir."] },
  );

const UNDER = `${(0.99 * MAX_ELEMENTS).toLocaleString("en")}`;
/** Lists of 100 `ImageObject`s whose `url` lists 100 more, down to as many addresses as `bytes` hold. */
function manyPictures(bytes: number) {
  let n = 0;
  const each = Math.min(100, Math.ceil(Math.cbrt(bytes / 30)));
  const list = (make: () => unknown) => Array.from({ length: each }, make);
  const object = (url: unknown) => ({ "@type": "ImageObject", url });
  const image = list(() => object(list(() => object(list(() => `https://food.example/${++n}.jpg`)))));
  return {
    "@type": "Recipe",
    name: "Pictures",
    image,
    recipeIngredient: ["1 egg"],
    recipeInstructions: ["Mix."],
  };
}

/** A Recipe whose texts share `bytes`: its steps in one, its total time, its name (entities). */
const longTexts = (bytes: number) => ({
  "@type": "Recipe",
  name: fill(bytes / 3, "", "&amp;"),
  totalTime: fill(bytes / 3, "", "1 h "),
  recipeIngredient: ["1 egg"],
  recipeInstructions: fill(bytes / 3, "", "1. Mix it. "),
});
/** A Recipe whose lists share `bytes`: ingredient lines and categories. */
const longLists = (bytes: number) => ({
  "@type": "Recipe",
  name: "Lists",
  recipeIngredient: Array(Math.floor(bytes / 2 / 8)).fill("1 egg"),
  recipeCategory: Array(Math.floor(bytes / 2 / 8)).fill("Cake"),
  recipeInstructions: ["Mix."],
});

const HEADING = "<h2>Ingredients</h2><ul><li>1 egg</li><li>2 g salt</li></ul>";
const METHOD = "<h2>Method</h2><p>Mix.</p>";
/** The most bytes of a page of `unit`s (`perUnit` elements each) within 99 % of the element limit. */
const underLimit = (unit: string, perUnit: number) =>
  Math.min(HTML_BYTES, Math.floor((0.99 * MAX_ELEMENTS) / perUnit) * unit.length);

const chain = nested(240, "x");
const cards = nested(
  14,
  "<li>1 egg</li>",
  `<div class="tasty-recipes-ingredients">${"<i>".repeat(33)}`,
  `${"</i>".repeat(33)}</div>`,
);
const items = `<ul>${nested(12, `2 g ${"salt ".repeat(400)}`, `<li>${"<b>".repeat(40)}`, `${"</b>".repeat(40)}</li>`)}</ul>`;
const ternary = (depth: number): string =>
  depth === 0 ? "ab" : `<b>${ternary(depth - 1)}${ternary(depth - 1)}${ternary(depth - 1)}</b>`;
const tree = ternary(6);

type Shape = { name: string; input: () => { lines: string[] } | RecipeImportRequest };
const html = (name: string, make: () => string): Shape => ({ name, input: () => ({ html: make() }) });

const SHAPES: Shape[] = [
  { name: "lines: 250 words, no food", input: () => ({ lines: Array(LINES).fill("a ".repeat(250)) }) },
  {
    name: "lines: 246 words, then a food",
    input: () => ({ lines: Array(LINES).fill(`${"a ".repeat(246)}flour`) }),
  },
  { name: "lines: 1 1 1 …", input: () => ({ lines: Array(LINES).fill(`1${" 1".repeat(249)}`) }) },
  { name: "lines: 1-1-1-…", input: () => ({ lines: Array(LINES).fill("1-".repeat(250)) }) },
  {
    name: "lines: one word of 500 letters",
    input: () => ({ lines: Array(LINES).fill("Weizen".repeat(83)) }),
  },
  {
    name: "lines: units and numbers",
    input: () => ({ lines: Array(LINES).fill(line("EL", "’", "cups", "2 x 400g")) }),
  },
  { name: "lines: 1 g (1 g (1 g …", input: () => ({ lines: Array(LINES).fill(line("1", "(1", "g")) }) },
  { name: "@id: sections, 7 MB JSON", input: () => ({ json: sections(JSON_BYTES) }) },
  { name: "@id: pictures, 7 MB JSON", input: () => ({ json: pictures(JSON_BYTES) }) },
  { name: "pictures: 7 MB JSON of them", input: () => ({ json: manyPictures(JSON_BYTES) }) },
  { name: "texts: steps, a duration, a name of 7 MB", input: () => ({ json: longTexts(JSON_BYTES) }) },
  { name: "lists: 7 MB of lines and categories", input: () => ({ json: longLists(JSON_BYTES) }) },
  html("@id: sections, 5 MB page", () => {
    const json = JSON.stringify(sections(HTML_BYTES - 100));
    return `<html><script type="application/ld+json">${json}</script></html>`;
  }),
  html("JSON-LD of '-->', 5 MB", () => fill(HTML_BYTES, '<html><script type="application/ld+json">', "-->")),
  html("JSON-LD of '<!--', 5 MB", () =>
    fill(HTML_BYTES, '<html><script type="application/ld+json">', "<!--", "</script>"),
  ),
  html("<b> 240 deep after a heading, 5 MB", () => fill(HTML_BYTES, HEADING, chain, METHOD)),
  html(`<b> 240 deep, ${UNDER} elements`, () => fill(underLimit(chain, 240), HEADING, chain, METHOD)),
  html(`<b> 240 deep and microdata, ${UNDER} elements`, () =>
    fill(underLimit(chain, 240), `<p itemscope><b itemprop="name">Pie</b></p>${HEADING}`, chain, METHOD),
  ),
  html("cards nested in cards, 5 MB", () => fill(HTML_BYTES, "", cards)),
  html(`cards nested in cards, ${UNDER} elements`, () => fill(underLimit(cards, 14 * 34 + 1), "", cards)),
  html("items holding items, 5 MB", () => fill(HTML_BYTES, "<h2>Ingredients</h2>", items, METHOD)),
  html(`items holding items, ${UNDER} elements`, () =>
    fill(underLimit(items, 12 * 41 + 1), "<h2>Ingredients</h2>", items, METHOD),
  ),
  html(`<b> trees of 3, ${UNDER} elements`, () =>
    fill(underLimit(tree, 364), "<h2>Ingredients</h2>", tree, METHOD),
  ),
];

const TICK_MS = 5;

/** Starts a 5 ms timer; `stop()` answers the longest the event loop kept it waiting beyond its time, in ms. */
function loopWatch(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, TICK_MS);
  return {
    stop() {
      tick(); // a block that ran to the end counts too
      clearInterval(timer);
      return Math.max(0, longest - TICK_MS);
    },
  };
}

/** Runs one request's work; how it ended: the draft's size, or the message it was refused with. */
async function run(input: { lines: string[] } | RecipeImportRequest): Promise<string> {
  try {
    if ("lines" in input) return `${(await readLines(input.lines, async () => [])).length} items`;
    const draft = await draftFromSource(await readSource(input), undefined, async () => []);
    return `draft: ${draft.ingredients.length} lines, ${draft.steps.length} steps`;
  } catch (error) {
    return `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const sizeOf = (input: object) =>
  "html" in input && typeof input.html === "string" ? input.html.length : JSON.stringify(input).length;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const loads = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const pool = IN_THREAD ? undefined : readingPool();
if (pool) {
  readPagesWith(workerReader(pool));
  await run({ lines: ["1 egg"] }); // a worker started, as on a server that has read a page before
}
console.log(
  `bench:import: ${RUNS} run(s) a shape, sizes × ${SCALE}, read ${pool ? "on the worker pool" : "in this thread"}; ` +
    `${process.version}; load ${loads()} (1/5/15 min)\n`,
);
const rows: string[][] = [
  [
    "shape",
    "size",
    "worst wall ms",
    "worst CPU ms",
    "loop held ms",
    "how it ended",
    `< ${LIMIT_MS} ms, held < ${HELD_LIMIT_MS} ms`,
  ],
];
let failed = 0;
for (const shape of SHAPES) {
  if (ONLY && !shape.name.includes(ONLY)) continue;
  const input = shape.input();
  let wall = 0;
  let cpu = 0;
  let held = 0;
  let ended = "";
  for (let i = 0; i < RUNS; i += 1) {
    const loop = loopWatch();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    ended = await run(input);
    const used = process.cpuUsage(cpuStarted);
    wall = Math.max(wall, performance.now() - started);
    held = Math.max(held, loop.stop());
    cpu = Math.max(cpu, (used.user + used.system) / 1000);
  }
  const pass = wall < LIMIT_MS && held < HELD_LIMIT_MS;
  if (!pass) failed += 1;
  rows.push([
    shape.name,
    megabytes(sizeOf(input)),
    wall.toFixed(0),
    cpu.toFixed(0),
    held.toFixed(0),
    ended.slice(0, 60),
    pass ? "PASS" : "FAIL",
  ]);
  console.error(`  ${shape.name}: ${wall.toFixed(0)} ms, loop held ${held.toFixed(0)} ms`);
}

const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? "").length))) ?? [];
for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join("  "));
console.log(
  `\nload at the end ${loads()}; ${failed} of ${rows.length - 1} shapes over ${LIMIT_MS} ms or held the loop ${HELD_LIMIT_MS} ms`,
);
await pool?.close();
process.exitCode = failed > 0 ? 1 : 0;
