/**
 * The import-accuracy corpus (test/fixtures/import-accuracy, README there): pages shaped like real recipe
 * sites in ten languages, each with the answers a careful cook reads from it. Every page is imported
 * through the real service, served by a local HTTP server the way `{url}` fetches it (or pasted as
 * `{html, url}` where its answers say `"via": "html"`), with no ingredients in any database, and issue
 * 30's measures are printed beside their targets; the test fails when a measure is below its target.
 * The median time per page is printed, never asserted. `npm run import:accuracy` runs this file with
 * the line corpus; `IMPORT_ACCURACY_MISSES=1` also prints every miss.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invalid, isAppError } from "../../../core/errors.ts";
import { type RecipeDraft, RecipeImportRequest } from "../../../core/page-import/schemas.ts";
import { draftFromSource, readSource, type Source } from "../../../core/page-import/service.ts";

const LANGUAGES = {
  en: "English",
  de: "German",
  fr: "French",
  es: "Spanish",
  it: "Italian",
  nl: "Dutch",
  pt: "Portuguese",
  sv: "Swedish",
  da: "Danish",
  no: "Norwegian",
} as const;
type Language = keyof typeof LANGUAGES;

/**
 * Issue 30's "Done when", in one place: the issue's own targets, and for title, lines and steps the
 * generic schema.org reader's figures on the hidden corpus (the issue's table). Grams: English, and
 * each other language on its own.
 */
const TARGETS = {
  found: 0.92,
  title: 0.903,
  lines: 0.883,
  steps: 0.925,
  servings: 0.97,
  totalTime: 0.95,
  image: 0.95,
  gramsEnglish: 0.92,
  gramsOther: 0.8,
} as const;
/** Printed beside the measured median, not asserted: a shared CI machine's timing is not a test. */
const MEDIAN_MS_TARGET = 30;

/** The answers for one page, written by hand (fixture README). */
type Expected = {
  language: Language;
  /** The shapes of page this is, from the issue's list of failures (`json-trailing-comma`, `yield-makes`). */
  shapes: string[];
  /** `html`: imported as pasted HTML (`{html, url}`) rather than fetched. */
  via?: "html";
  title: string;
  servings: number | null;
  /** Resting, rising and chilling included. */
  total_time_sec: number | null;
  /** The site's own main picture; `{base}` is the local server's address. */
  image_url: string;
  /** Each line as written, with the grams a careful cook gives it (null: no number, or nothing to weigh). */
  ingredients: [text: string, grams: number | null][];
  steps: string[];
};

const pagesDir = new URL("../../fixtures/import-accuracy/pages/", import.meta.url);
const expectedDir = new URL("../../fixtures/import-accuracy/expected/", import.meta.url);
const pages = readdirSync(pagesDir)
  .filter((name) => name.endsWith(".html"))
  .sort();
const expectedOf = new Map(
  pages.map((page) => [
    page,
    JSON.parse(readFileSync(new URL(page.replace(/\.html$/, ".json"), expectedDir), "utf8")) as Expected,
  ]),
);
const expectedFor = (page: string): Expected => {
  const expected = expectedOf.get(page);
  if (!expected) throw new Error(`no answers for ${page}`);
  return expected;
};

/**
 * The page over the old 2 MB `html` limit (and under the 5 MB one) is stored at its ordinary size and
 * grown here to 3 MB by a long comment thread before `</body>`, rather than kept in the repository.
 */
const INFLATED_BYTES = 3 * 1024 * 1024;
function inflate(html: string): string {
  const comment =
    '<li class="comment depth-1"><article class="comment-body"><footer class="comment-meta"><b class="fn">Reader</b></footer>' +
    '<div class="comment-content"><p>Made these for a bake sale and they sold out in minutes. Thank you for such a reliable recipe!</p></div></article></li>\n';
  const count = Math.ceil((INFLATED_BYTES - Buffer.byteLength(html)) / Buffer.byteLength(comment));
  return html.replace("</body>", `<ol class="comment-list">${comment.repeat(count)}</ol>\n</body>`);
}
const pageHtml = (page: string): string => {
  const html = readFileSync(new URL(page, pagesDir), "utf8");
  return expectedFor(page).shapes.includes("over-2mb") ? inflate(html) : html;
};

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    if (!expectedOf.has(name)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(pageHtml(name));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Outcome = {
  page: string;
  expected: Expected;
  draft: RecipeDraft | null;
  refused: string | null;
  ms: number;
};

/** The page as a request brings it: fetched from the local server, or pasted and checked like a request body. */
async function sourceOf(page: string): Promise<Source> {
  const url = `${base}/${page}`;
  if (expectedFor(page).via !== "html") return readSource({ url }, { allowPrivateHosts: true });
  const request = RecipeImportRequest.safeParse({ html: pageHtml(page), url });
  if (!request.success) throw Invalid(request.error.issues.map((issue) => issue.message).join(" "));
  return readSource(request.data);
}

/**
 * One page through the service; a 422 (an invalid request, no recipe found) is a page not read, anything
 * else throws. The time is the reading of the page (`draftFromSource`), not its fetching.
 */
async function importPage(page: string): Promise<Outcome> {
  const expected = expectedFor(page);
  let draft: RecipeDraft | null = null;
  let refused: string | null = null;
  let ms = 0;
  try {
    const source = await sourceOf(page);
    const started = performance.now();
    draft = await draftFromSource(source, `${base}/${page}`, async () => []);
    ms = performance.now() - started;
  } catch (error) {
    if (!isAppError(error) || error.kind !== "invalid") throw error;
    refused = error.message;
  }
  return { page, expected, draft, refused, ms };
}

const tidy = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim();

/** The draft's whole time: `total_time_sec`, where null means prep + cook (CONTRACT.md). */
function totalTime(draft: RecipeDraft): number | null {
  if (draft.total_time_sec !== null) return draft.total_time_sec;
  if (draft.prep_time_sec === null && draft.cook_time_sec === null) return null;
  return (draft.prep_time_sec ?? 0) + (draft.cook_time_sec ?? 0);
}

/** Right and total for one measure, with what was missed. */
class Tally {
  right = 0;
  total = 0;
  readonly misses: string[] = [];

  add(ok: boolean, miss: () => string): void {
    this.total += 1;
    if (ok) this.right += 1;
    else this.misses.push(miss());
  }

  get share(): number {
    return this.total === 0 ? 0 : this.right / this.total;
  }
}

type Measures = {
  found: Tally;
  title: Tally;
  lines: Tally;
  steps: Tally;
  servings: Tally;
  totalTime: Tally;
  image: Tally;
  grams: Tally;
  gramsBy: Map<Language, Tally>;
  medianMs: number;
};

function measure(outcomes: Outcome[]): Measures {
  const m: Measures = {
    found: new Tally(),
    title: new Tally(),
    lines: new Tally(),
    steps: new Tally(),
    servings: new Tally(),
    totalTime: new Tally(),
    image: new Tally(),
    grams: new Tally(),
    gramsBy: new Map(Object.keys(LANGUAGES).map((language) => [language as Language, new Tally()])),
    medianMs: 0,
  };
  for (const { page, expected, draft, refused } of outcomes) {
    m.found.add(draft !== null, () => `${page}: ${refused}`);
    m.title.add(
      tidy(draft?.title ?? "") === tidy(expected.title),
      () => `${page}: ${JSON.stringify(draft?.title)}`,
    );
    m.servings.add(
      draft?.servings === expected.servings,
      () => `${page}: ${draft?.servings} (expected ${expected.servings})`,
    );
    const total = draft ? totalTime(draft) : null;
    m.totalTime.add(
      total !== null && expected.total_time_sec !== null
        ? Math.abs(total - expected.total_time_sec) <= 60
        : total === expected.total_time_sec,
      () => `${page}: ${total} s (expected ${expected.total_time_sec} s)`,
    );
    const image = expected.image_url.replace("{base}", base);
    m.image.add(draft?.image_url === image, () => `${page}: ${draft?.image_url} (expected ${image})`);
    const steps = tidy((draft?.steps ?? []).map((step) => step.description).join(" "));
    const missing = expected.steps.filter((step) => !steps.includes(tidy(step)));
    m.steps.add(missing.length === 0, () => `${page}: missing ${JSON.stringify(missing[0])}`);
    // Each expected line takes the first draft line of the same text not taken yet.
    const left = [...(draft?.ingredients ?? [])];
    for (const [text, grams] of expected.ingredients) {
      const i = left.findIndex((ingredient) => tidy(ingredient.text) === tidy(text));
      const found = i < 0 ? undefined : left.splice(i, 1)[0];
      m.lines.add(found !== undefined, () => `${page}: ${JSON.stringify(text)}`);
      if (grams === null) continue;
      const got = found?.amount_grams ?? null;
      const ok = got !== null && Math.abs(got - grams) <= Math.max(grams * 0.05, 0.05);
      const miss = () => `${page}: ${JSON.stringify(text)} → ${got} g (expected ${grams} g)`;
      m.grams.add(ok, miss);
      m.gramsBy.get(expected.language)?.add(ok, miss);
    }
  }
  // Over the pages read: a page refused before it is read took no reading time.
  const times = outcomes
    .filter((outcome) => outcome.draft !== null)
    .map((outcome) => outcome.ms)
    .sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  m.medianMs =
    times.length % 2 ? (times[middle] ?? 0) : ((times[middle - 1] ?? 0) + (times[middle] ?? 0)) / 2;
  return m;
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** Each measure with its figure and target: the rows of the printed table and of the assertions. */
function rows(m: Measures) {
  const row = (label: string, tally: Tally, target: number | null) => ({ label, tally, target });
  return [
    row("recipe found", m.found, TARGETS.found),
    row("title exact", m.title, TARGETS.title),
    row("ingredient lines recalled", m.lines, TARGETS.lines),
    row("steps text", m.steps, TARGETS.steps),
    row("servings", m.servings, TARGETS.servings),
    row("total time within a minute", m.totalTime, TARGETS.totalTime),
    row("image the site's own main picture", m.image, TARGETS.image),
    row("lines with a number that got grams", m.grams, null),
    ...[...m.gramsBy].map(([language, tally]) =>
      row(`  ${LANGUAGES[language]}`, tally, language === "en" ? TARGETS.gramsEnglish : TARGETS.gramsOther),
    ),
  ];
}

function table(m: Measures, pageCount: number): string {
  const lines = rows(m).map(({ label, tally, target }) =>
    [
      label.padEnd(36),
      `${tally.right}/${tally.total}`.padStart(9),
      percent(tally.share).padStart(8),
      target === null ? "" : `  target ≥ ${percent(target)}${tally.share < target ? "  BELOW" : ""}`,
    ].join(""),
  );
  const median = `${m.medianMs.toFixed(1)} ms`;
  return [
    `Import accuracy on ${pageCount} pages (test/fixtures/import-accuracy):`,
    `${"measure".padEnd(36)}${"right".padStart(9)}${"figure".padStart(8)}`,
    ...lines,
    `${"median time per page".padEnd(36)}${median.padStart(17)}  target < ${MEDIAN_MS_TARGET} ms (printed, not asserted)`,
  ].join("\n");
}

/** The failure shapes issue 30 names, each carried by at least one page (`shapes` in its answers). */
const SHAPES = [
  "wprm",
  "tasty",
  "news",
  "blog",
  "portal",
  "microdata",
  "yoast-graph",
  "howto-sections",
  "html-entities",
  "image-thumbs-first",
  "image-thumbs-480",
  "image-objects",
  "image-object",
  "image-og-only",
  "total-with-resting",
  "yield-makes",
  "yield-loaf-slices",
  "yield-range",
  "yield-people",
  "yield-portions",
  "yield-portionen",
  "yield-personnes",
  "yield-personas",
  "json-bad-escape",
  "json-second-object",
  "json-unquoted-key",
  "json-trailing-comma",
  "large",
  "over-2mb",
];

/** The lines issue 30 names, each written on at least one page. */
const LINES: [string, RegExp][] = [
  ["a decimal comma", /\d,\d/],
  ["EL", /^\S+ EL\b/],
  ["TL", /^\S+ TL\b/],
  ["dl", /^\S+ dl\b/],
  ["gr", /^\S+ gr\b/],
  ["Stk.", /^\S+ Stk\. /],
  ["c. à soupe", /^\S+ c\. à soupe\b/],
  ["cucharadita", /^\S+ cucharaditas?\b/],
  ["colher (sopa)", /^\S+ colher(?:es)? \(sopa\)/],
  ["ss", /^\S+ ss\b/],
  ["tsk", /^\S+ tsk\b/],
  ["msk", /^\S+ msk\b/],
  ["spsk", /^\S+ spsk\b/],
  ["1 (14.5 oz) can", /^1 \(14\.5 oz\) can\b/],
  ["12 whole … sheets (1 1/2 cups, packed)", /^12 whole .* sheets \(1 1\/2 cups, packed\)/],
  ["2 drops", /^2 drops\b/],
  ["70 gm", /^70 gm\b/],
  ["100 ml", /^100 ml\b/],
];

describe("the import-accuracy corpus", () => {
  it("holds at least 150 pages: 10 or more in each language, more in English, every shape the issue names", () => {
    const answers = readdirSync(expectedDir).map((name) => name.replace(/\.json$/, ".html"));
    expect(answers.sort()).toEqual(pages);
    const all = [...expectedOf.values()];
    expect(all.length).toBeGreaterThanOrEqual(150);
    const count = (language: Language) => all.filter((expected) => expected.language === language).length;
    for (const language of Object.keys(LANGUAGES) as Language[])
      expect(count(language), language).toBeGreaterThanOrEqual(10);
    for (const language of Object.keys(LANGUAGES) as Language[])
      if (language !== "en") expect(count("en")).toBeGreaterThan(count(language));
    const shapes = new Set(all.flatMap((expected) => expected.shapes));
    expect(SHAPES.filter((shape) => !shapes.has(shape))).toEqual([]);
    const texts = all.flatMap((expected) => expected.ingredients.map(([text]) => text));
    expect(
      LINES.filter(([, pattern]) => !texts.some((text) => pattern.test(text))).map(([name]) => name),
    ).toEqual([]);
  });

  it("has pages of real sizes: tens of KB, a few of several hundred KB, one grown past 2 MB (under 5 MB)", () => {
    const sizes = pages.map((page) => Buffer.byteLength(pageHtml(page))).sort((a, b) => a - b);
    expect(sizes[Math.floor(sizes.length / 2)]).toBeGreaterThanOrEqual(15_000);
    expect(sizes.filter((size) => size >= 200_000 && size < 2_000_000).length).toBeGreaterThanOrEqual(3);
    const over = sizes.filter((size) => size > 2 * 1024 * 1024);
    expect(over).toHaveLength(1);
    expect(over[0]).toBeLessThan(5 * 1024 * 1024);
  });

  it("prints issue 30's measures and meets their targets", { timeout: 120_000 }, async () => {
    const outcomes: Outcome[] = [];
    for (const page of pages) outcomes.push(await importPage(page));
    const m = measure(outcomes);
    console.log(table(m, outcomes.length));
    if (process.env.IMPORT_ACCURACY_MISSES) {
      for (const { label, tally } of rows(m))
        if (tally.misses.length) console.log(`\n${label.trim()} misses:\n  ${tally.misses.join("\n  ")}`);
    }
    for (const { label, tally, target } of rows(m))
      if (target !== null) expect.soft(tally.share, label.trim()).toBeGreaterThanOrEqual(target);
  });
});
