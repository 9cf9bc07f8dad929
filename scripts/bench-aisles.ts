/**
 * `npm run bench:aisles` (issue 43): how well a store learns its walking order from the ticks, and
 * what learning costs a list read.
 *
 * 1. **Learning.** A store of SHELVES shelves holding INGREDIENTS ingredients at known places along the
 *    walk. SHOPPERS shoppers walk it, one trip a day: each buys a random part of the store (15–30
 *    ingredients), some lists split between two shoppers on two phones at once; walks go at
 *    their own pace, half of them with a stop of 1–3 minutes somewhere (a queue); ticks come with
 *    noise (a shopper ticks when the item is in the cart: a few seconds early or late, so neighbours
 *    swap), some items are not found (skipped), some are ticked late (forgotten, ticked at the
 *    checkout with the rest of the list in one second), and now and then a list is ticked at home in
 *    one second (which must teach nothing). After MOVE_AFTER trips the store moves MOVED ingredients
 *    to other places. Printed: Kendall's tau of the learned order against the true one (over the
 *    ingredients learned) and how many of the store's ingredients were learned, after 1, 3, 5 and 10
 *    trips and 1, 3 and 5 trips after the move: the mean and the worst of RUNS runs with other seeds.
 *    Goal: tau ≥ 0.9 after 5 trips, ≥ 0.8 again within 5 trips after the move. `-- --half-life H`
 *    tries another recency half-life (core/store/learned-order.ts).
 * 2. **Cost.** Through the real handlers, on PGlite in memory (or a fresh database on DATABASE_URL's
 *    server): a list of 30 items (a third of them shelved) in a store of 12 shelves and 120
 *    ingredients, read with `GET /shopping-lists/{id}` (median and 95th percentile of `--reads`
 *    reads, default 200) before the store learned anything and after `--trips` trips (default 30)
 *    of 20 ticks sent with `PUT …/items/{id}` and a `checked_at` in the past, as an offline phone
 *    replays them; each read in turns with the same read walking a twin store of the same shelves
 *    that learned nothing (the fair comparison on a busy machine). And what a tick costs, beside
 *    ticks on lists that follow no store, sent in between.
 *    `--no-cost` prints the learning only.
 */
import { performance } from "node:perf_hooks";
import { HALF_LIFE, kendallTau, learnOrder, type Tick, tripsOf } from "../core/store/learned-order.ts";

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const SHELVES = 12;
const INGREDIENTS = 80;
const SHOPPERS = 4;
const MOVE_AFTER = 10;
const MOVED = 8;
const RUNS = Number(option("runs") ?? 20);
const HALF = Number(option("half-life") ?? HALF_LIFE);
const READS = Number(option("reads") ?? 200);
const TRIPS = Number(option("trips") ?? 30);
const CHECKPOINTS = [1, 3, 5, 10];
const AFTER_MOVE = [1, 3, 5];

/** A small seeded generator (mulberry32): the same seed, the same store and walks. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[], count: number): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
};
const gauss = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

const DAY = 24 * 3600 * 1000;
/** Seconds along the walk between two neighbouring places. */
const STEP_S = 6;

/**
 * One visit: `list` bought by `shoppers` (one or two phones), starting at `start`. Returns the ticks
 * it leaves. `spot` is where each ingredient is now (seconds along the walk / STEP_S).
 */
function walk(
  rng: Rng,
  spot: ReadonlyMap<number, number>,
  wanted: readonly number[],
  shoppers: readonly number[],
  list: number,
  start: number,
): Tick[] {
  const ticks: Tick[] = [];
  const checkout = start + (SHELVES * 8 * STEP_S * 1.4 + 200) * 1000;
  // Two phones: each walks the whole store for their half of the list.
  const share = new Map(wanted.map((id) => [id, shoppers[Math.floor(rng() * shoppers.length)] as number]));
  const late: { shopper: number; ingredient: number }[] = [];
  // Each walk has its own pace, and half of them a stop (a queue at the counter) somewhere.
  const pace = 0.7 + rng() * 0.7;
  const stopAt = rng() < 0.5 ? rng() * SHELVES * 8 : Number.POSITIVE_INFINITY;
  const stop = 60 + rng() * 120;
  for (const ingredient of wanted) {
    const shopper = share.get(ingredient) as number;
    const r = rng();
    if (r < 0.08) continue; // not found: never ticked
    if (r < 0.14) {
      late.push({ shopper, ingredient }); // forgotten, ticked at the checkout
      continue;
    }
    const place = spot.get(ingredient) as number;
    const seconds = place * STEP_S * pace + (place > stopAt ? stop : 0) + gauss(rng) * 4;
    const at = start + seconds * 1000;
    ticks.push({ shopper, list, ingredient, at });
  }
  // The rest ticked at once at the checkout, within the same second.
  for (const [i, { shopper, ingredient }] of late.entries())
    ticks.push({ shopper, list, ingredient, at: checkout + i * 50 });
  return ticks;
}

type Run = { taus: Map<string, number>; learned: Map<string, number> };

function simulate(seed: number): Run {
  const rng = random(seed);
  // Places along the walk: shelves in order, a few places each; ingredients on random places.
  const places = SHELVES * 8;
  const spot = new Map<number, number>();
  pick(rng, [...Array(places).keys()], INGREDIENTS).forEach((place, i) => {
    spot.set(1000 + i, place);
  });
  const ingredients = [...spot.keys()];
  const ticks: Tick[] = [];
  const taus = new Map<string, number>();
  const learned = new Map<string, number>();
  const truthOf = () => new Map([...spot].map(([id, place]) => [id, place]));
  let day = 0;
  let list = 1;
  const measure = (label: string) => {
    const order = learnOrder(tripsOf(ticks), HALF);
    taus.set(
      label,
      kendallTau(
        order.items.map((item) => item.ingredient),
        truthOf(),
      ),
    );
    learned.set(label, order.items.length / INGREDIENTS);
  };
  const trip = () => {
    day++;
    const start = day * DAY + 10 * 3600 * 1000;
    const wanted = pick(rng, ingredients, 15 + Math.floor(rng() * 16));
    const first = Math.floor(rng() * SHOPPERS);
    const shoppers = rng() < 0.25 ? [first, (first + 1) % SHOPPERS] : [first];
    ticks.push(...walk(rng, spot, wanted, shoppers, list++, start));
    // Now and then someone ticks another list at home, all in one second: it must teach nothing.
    if (rng() < 0.2) {
      const home = pick(rng, ingredients, 12);
      home.forEach((ingredient, i) => {
        ticks.push({ shopper: first, list: list, ingredient, at: start + 5 * 3600 * 1000 + i * 40 });
      });
      list++;
    }
  };
  for (let t = 1; t <= MOVE_AFTER; t++) {
    trip();
    if (CHECKPOINTS.includes(t)) measure(`${t} trips`);
  }
  // The store moves some ingredients to places that were free or held others.
  for (const id of pick(rng, ingredients, MOVED)) spot.set(id, Math.floor(rng() * places));
  for (let t = 1; t <= Math.max(...AFTER_MOVE); t++) {
    trip();
    if (AFTER_MOVE.includes(t)) measure(`move + ${t}`);
  }
  return { taus, learned };
}

function learningTable(): boolean {
  const runs = Array.from({ length: RUNS }, (_, i) => simulate(7919 * (i + 1)));
  const labels = [...(runs[0] as Run).taus.keys()];
  console.log(
    `Learning: ${SHELVES} shelves, ${INGREDIENTS} ingredients, ${SHOPPERS} shoppers, ${MOVED} moved after ${MOVE_AFTER} trips; ` +
      `half-life ${HALF} trips; ${RUNS} runs`,
  );
  console.log("| after | tau mean | tau worst | learned |");
  console.log("|---|---|---|---|");
  const row = new Map<string, { mean: number; worst: number }>();
  for (const label of labels) {
    const taus = runs.map((r) => r.taus.get(label) as number);
    const mean = taus.reduce((a, b) => a + b, 0) / taus.length;
    const worst = Math.min(...taus);
    const share = runs.map((r) => r.learned.get(label) as number).reduce((a, b) => a + b, 0) / runs.length;
    row.set(label, { mean, worst });
    console.log(`| ${label} | ${mean.toFixed(3)} | ${worst.toFixed(3)} | ${(share * 100).toFixed(0)}% |`);
  }
  const five = row.get("5 trips")?.mean ?? 0;
  const recovered = row.get("move + 5")?.mean ?? 0;
  const pass = five >= 0.9 && recovered >= 0.8;
  console.log(
    `Goal (mean tau ≥ 0.9 after 5 trips, ≥ 0.8 within 5 trips after the move): ${pass ? "PASS" : "FAIL"}`,
  );
  return pass;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

type Cost = {
  before: number[];
  twinBefore: number[];
  twin: number[];
  after: number[];
  plainTicks: number[];
  ticks: number[];
  trips: number;
  learnedSections: number;
};

/** Part 2: list reads and ticks through the real handlers, on PGlite in memory (or DATABASE_URL's server). */
async function costOfReads(reads: number): Promise<Cost> {
  const { prepareBenchEnvironment } = await import("./lib/bench-env.ts");
  await prepareBenchEnvironment("recipes_bench_aisles");
  const { getDb, migrateToLatest, closeDb } = await import("../core/db.ts");
  const { sql } = await import("kysely");
  const { insertUser } = await import("../core/user/repository.ts");
  const { startSession } = await import("../core/session/service.ts");
  const { createStore } = await import("../core/store/service.ts");
  const { createShelf } = await import("../core/shelf/service.ts");
  const { createIngredient } = await import("../core/ingredient/service.ts");
  const { dispatch } = await import("../functions/lib/local.ts");
  const db = getDb();
  await migrateToLatest(db);
  const user = await insertUser(db, {
    username: "bench-aisles",
    email: "bench-aisles@example.com",
    password_hash: "not-a-password",
    role: "admin",
  });
  const caller = { id: user.id, username: user.username, role: user.role };
  const { access_token: token } = await startSession(db, user, "password", "bench");
  const call = async (method: string, url: string, json?: unknown) => {
    const response = await dispatch({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${response.body}`);
    return JSON.parse(response.body.toString("utf8") || "null");
  };
  // 12 shelves of 5 ingredients, and 60 ingredients on none (most of a real list).
  // Two stores of the same shelves: one learns, the other (`twin`) never does; the same list is read
  // walking either (`?store_id=`), in turns, so both reads meet the same machine at the same time.
  const store = await createStore(db, { name: "Bench market" }, caller);
  const twin = await createStore(db, { name: "Bench market's twin" }, caller);
  const ingredients: number[] = [];
  for (let i = 0; i < 120; i++)
    ingredients.push((await createIngredient(db, { name: `Bench item ${i}` }, caller)).id);
  for (const id of [store.id, twin.id])
    for (let s = 0; s < SHELVES; s++)
      await createShelf(
        db,
        id,
        { name: `Aisle ${s}`, position: s, ingredient_ids: ingredients.slice(s * 10, s * 10 + 5) },
        caller,
      );
  const rng = random(42);
  // The list read: 30 items, a third of them shelved.
  const list = await call("POST", "/shopping-lists", { name: "Read me", store_id: store.id });
  for (const id of pick(rng, ingredients, 30))
    await call("POST", `/shopping-lists/${list.id}/items`, { ingredient_id: id });
  const read = async (storeId: number) => {
    const started = performance.now();
    const body = await call("GET", `/shopping-lists/${list.id}?store_id=${storeId}`);
    const learned = body.sections.filter((section: { learned?: true }) => section.learned).length;
    return { ms: performance.now() - started, learned };
  };
  const timeReads = async () => {
    const learnedReads: number[] = [];
    const plainReads: number[] = [];
    let learnedSections = 0;
    for (let i = 0; i < reads + 20; i++) {
      // In turns, each first every other time.
      const plain = i % 2 === 1 ? await read(twin.id) : undefined;
      const learned = await read(store.id);
      const other = plain ?? (await read(twin.id));
      if (i < 20) continue;
      learnedReads.push(learned.ms);
      plainReads.push(other.ms);
      learnedSections = learned.learned;
    }
    return { learnedReads, plainReads, learnedSections };
  };
  const before = await timeReads();
  // Trips: 20 ingredients each on a list of its own, ticked in the store's order (a place per
  // ingredient, 6 s apart) on past days, as an offline phone replays them.
  const ticks: number[] = [];
  const plainTicks: number[] = [];
  const start = Date.now() - (TRIPS + 16) * DAY;
  for (let t = 0; t < TRIPS + 10 + 5; t++) {
    // Warm-up: 5 trips on lists that follow no store, unmeasured; then every fourth trip on such a list
    // (what a tick cost before), the others in the store that learns.
    const plain = t < 5 || t % 4 === 0;
    const walked = await call("POST", "/shopping-lists", {
      name: `Trip ${t}`,
      store_id: plain ? null : store.id,
    });
    const wanted = pick(rng, ingredients, 20).sort((a, b) => a - b);
    const items: number[] = [];
    for (const id of wanted)
      items.push((await call("POST", `/shopping-lists/${walked.id}/items`, { ingredient_id: id })).id);
    await sql`update shopping_list_items set created_at = created_at - interval '60 days' where list_id = ${walked.id}`.execute(
      db,
    );
    for (const [i, itemId] of items.entries()) {
      const at = start + t * DAY + ((wanted[i] as number) * STEP_S + gauss(rng) * 2) * 1000;
      const started = performance.now();
      await call("PUT", `/shopping-lists/${walked.id}/items/${itemId}`, {
        checked: true,
        checked_at: new Date(at).toISOString(),
      });
      if (t >= 5) (plain ? plainTicks : ticks).push(performance.now() - started);
    }
  }
  const after = await timeReads();
  const trips = await call("GET", `/stores/${store.id}/learned-order`);
  await closeDb();
  return {
    before: before.learnedReads,
    twinBefore: before.plainReads,
    twin: after.plainReads,
    after: after.learnedReads,
    plainTicks,
    ticks,
    trips: trips.trips,
    learnedSections: after.learnedSections,
  };
}

async function costTable(): Promise<void> {
  const cost = await costOfReads(READS);
  const ms = (values: number[]) =>
    `${quantile(values, 0.5).toFixed(2)} ms | ${quantile(values, 0.95).toFixed(2)} ms`;
  console.log(
    `\nCost (through the handlers, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite in memory"}; ${READS} reads each):`,
  );
  console.log("| | median | p95 |");
  console.log("|---|---|---|");
  console.log(`| list read (30 items), before the store learned anything | ${ms(cost.before)} |`);
  console.log(`| the same read walking the twin store, in turns with it | ${ms(cost.twinBefore)} |`);
  console.log(`| list read, the twin store, in turns with the next | ${ms(cost.twin)} |`);
  console.log(
    `| list read, ${cost.trips} trips learned (${cost.learnedSections} learned sections) | ${ms(cost.after)} |`,
  );
  console.log(`| a tick on a list that follows no store (nothing learned) | ${ms(cost.plainTicks)} |`);
  console.log(`| a tick in a store (kept; the store's order computed again) | ${ms(cost.ticks)} |`);
}

const started = performance.now();
const pass = learningTable();
if (!process.argv.includes("--no-cost")) await costTable();
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
process.exitCode = pass ? 0 : 1;
