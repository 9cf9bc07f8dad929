/**
 * How a store's walking order is learned from the ticks (issue 43; CONTRACT.md: "stores that learn
 * their walking order"). Pure functions: the repository hands in the store's ticks, the bench
 * (`npm run bench:aisles`) and the unit tests hand in made-up ones.
 *
 * - **Trips.** One shopper's ticks on one list, in time order, cut where more than 30 minutes pass
 *   between two ticks. A trip teaches nothing when its ticks all fall within one second (ticked at
 *   home), nor when it ticks fewer than two ingredients. Within a trip, ticks less than a second from
 *   another are a burst (the rest of a list ticked at once at the checkout): they are left out, their
 *   order and times say nothing about where their items are.
 * - **Recency.** The newest trip weighs 1 and each older trip of the store weighs 2^(−1/HALF_LIFE)
 *   times the one after it: stores move things, and a few trips after a move outweigh the many
 *   before it. Trips are counted, not days: a store visited once a month forgets as slowly (in
 *   trips) as one visited daily.
 * - **Places from the times.** Each trip's times are a line of the places along the walk (the
 *   shopper's own start and pace) with at most one stop (a queue at the counter). Starting from each
 *   trip's times scaled to 0–1, a few rounds fit each trip's start, pace and stop to the current
 *   places (least squares) and each place to the trips' times read back through them (weighted
 *   mean). Times rather than ranks: a trip's rank of an ingredient depends on which others were
 *   bought (each trip buys a small part of the store), its time does not; the places put every
 *   ingredient roughly where it belongs, pairs never seen together included.
 * - **The order: a weighted feedback arc set.** Every pair of a trip's ticks at least a second apart
 *   adds the trip's weight to "a before b". The order sought agrees with the most weight: the
 *   minimum weighted feedback arc set of that tournament, approximated by local search from the
 *   places: one ingredient at a time moves to where it agrees with the most weight (ties: the
 *   nearest place), until no move helps. Why not a plain count: most pairs are seen rarely or never,
 *   so a Copeland count (pairs won) rewards ingredients bought often, not those found early; a
 *   Borda-like mean rank handles the subsets but is noisy (a subset's rank of an item varies by a
 *   tenth of the store) and, after a move, averages the old place and the new one. The pairwise
 *   weights settle neighbours the times cannot tell apart, and follow a move as soon as recent
 *   trips outweigh the old ones. `npm run bench:aisles` measures the result: Kendall's tau ≥ 0.9
 *   after 5 trips, ≥ 0.8 again within 5 trips after a move (means over simulated stores).
 * - **Confidence** (0–1) of an ingredient: over the trips that saw it, each trip's share of its pairs
 *   that agree with the learned order, weighted like the trips: `agree` and `disagree` weights. It is
 *   `max(0, (agree − disagree) / (agree + disagree)) × (1 − 2^−(agree + disagree))`: the first factor
 *   drops with every disagreeing trip, the second grows with every trip (½ after one full trip,
 *   ~0.9 after five).
 * - **Shelves.** An ingredient on no shelf of the store is found between the shelved ingredients
 *   before and after it in the learned order: its suggested shelf is the shelf of the nearer of the
 *   two (the one before it on a tie; the same shelf when both are on one).
 */

/** A gap of more than this between two ticks of one shopper on one list starts a new trip. */
export const TRIP_GAP_MS = 30 * 60 * 1000;
/** Ticks closer than this are a tie; a trip no longer than this teaches nothing. */
export const TIE_MS = 1000;
/** In trips: a trip weighs half as much as the one HALF_LIFE trips newer (tuned with bench:aisles). */
export const HALF_LIFE = 4;

/** One tick: who (null once the account is gone), on which list, which ingredient, when (ms). */
export type Tick = { shopper: number | null; list: number; ingredient: number; at: number };

/** One shopper's walk: their ticks on one list, in time order, one per ingredient (its first). */
export type Trip = {
  shopper: number | null;
  list: number;
  start: number;
  end: number;
  ticks: { ingredient: number; at: number }[];
};

/** An ingredient in the learned walking order, with how sure the order is of its place. */
export type LearnedItem = { ingredient: number; confidence: number };

/** The learned order: the trips that taught it, and the ingredients in walking order. */
export type LearnedOrder = { trips: number; items: LearnedItem[] };

/** The ticks cut into trips, ordered by when they started (then by list and shopper). */
export function tripsOf(ticks: readonly Tick[]): Trip[] {
  const byWalker = new Map<string, Tick[]>();
  for (const tick of ticks) {
    const key = `${tick.list}:${tick.shopper ?? ""}`;
    const walker = byWalker.get(key);
    if (walker) walker.push(tick);
    else byWalker.set(key, [tick]);
  }
  const trips: Trip[] = [];
  for (const walker of byWalker.values()) {
    const sorted = [...walker].sort((a, b) => a.at - b.at);
    let trip: Trip | undefined;
    let seen = new Set<number>();
    for (const tick of sorted) {
      if (!trip || tick.at - trip.end > TRIP_GAP_MS) {
        trip = { shopper: tick.shopper, list: tick.list, start: tick.at, end: tick.at, ticks: [] };
        seen = new Set();
        trips.push(trip);
      }
      trip.end = tick.at;
      if (seen.has(tick.ingredient)) continue;
      seen.add(tick.ingredient);
      trip.ticks.push({ ingredient: tick.ingredient, at: tick.at });
    }
  }
  return trips.sort((a, b) => a.start - b.start || a.list - b.list || (a.shopper ?? -1) - (b.shopper ?? -1));
}

/** Whether a trip teaches anything: two ingredients or more, ticked over more than a second. */
export const teaches = (trip: Trip): boolean => trip.ticks.length >= 2 && trip.end - trip.start > TIE_MS;

/**
 * The walking order the trips teach (see the module's comment): every ingredient with at least one
 * informative pair, first found first. `halfLife` in trips (the bench tries others).
 */
export function learnOrder(allTrips: readonly Trip[], halfLife = HALF_LIFE): LearnedOrder {
  const trips = allTrips.filter(teaches).sort((a, b) => a.start - b.start);
  const decay = 2 ** (-1 / halfLife);
  const weights = trips.map((_, i) => decay ** (trips.length - 1 - i));

  // Ingredients by index, then the weighted precedences and mean places.
  const index = new Map<number, number>();
  const ids: number[] = [];
  for (const trip of trips)
    for (const tick of trip.ticks)
      if (!index.has(tick.ingredient)) {
        index.set(tick.ingredient, ids.length);
        ids.push(tick.ingredient);
      }
  const n = ids.length;
  // Each trip's informative ticks (bursts left out), by ingredient index.
  const walks = trips.map((trip) => {
    const burst = burstOf(trip);
    return trip.ticks
      .filter((_, i) => !burst[i])
      .map((tick) => ({ a: index.get(tick.ingredient) as number, at: tick.at }));
  });
  const before = new Float64Array(n * n); // before[a * n + b]: weight of "a before b"
  const informative = new Uint8Array(n);
  walks.forEach((walk, t) => {
    const w = weights[t] as number;
    walk.forEach((tick, i) => {
      for (let j = i + 1; j < walk.length; j++) {
        const later = walk[j] as { a: number; at: number };
        if (later.at - tick.at < TIE_MS) continue;
        before[tick.a * n + later.a] = (before[tick.a * n + later.a] as number) + w;
        informative[tick.a] = 1;
        informative[later.a] = 1;
      }
    });
  });

  const place = placesOf(walks, weights, n);
  const order = [...Array(n).keys()]
    .filter((a) => informative[a] === 1)
    .sort((a, b) => (place[a] as number) - (place[b] as number) || (ids[a] as number) - (ids[b] as number));
  improveOrder(order, before, n);

  const rank = new Int32Array(n).fill(-1);
  order.forEach((a, r) => {
    rank[a] = r;
  });
  const agree = new Float64Array(n);
  const disagree = new Float64Array(n);
  walks.forEach((ticks, t) => {
    const w = weights[t] as number;
    for (const x of ticks) {
      let good = 0;
      let bad = 0;
      for (const y of ticks) {
        if (y === x || Math.abs(y.at - x.at) < TIE_MS) continue;
        const saysXFirst = x.at < y.at;
        if (saysXFirst === (rank[x.a] as number) < (rank[y.a] as number)) good++;
        else bad++;
      }
      if (good + bad === 0) continue;
      agree[x.a] = (agree[x.a] as number) + (w * good) / (good + bad);
      disagree[x.a] = (disagree[x.a] as number) + (w * bad) / (good + bad);
    }
  });
  const items = order.map((a) => {
    const yes = agree[a] as number;
    const no = disagree[a] as number;
    const agreement = Math.max(0, (yes - no) / (yes + no));
    const confidence = Math.round(agreement * (1 - 2 ** -(yes + no)) * 1000) / 1000;
    return { ingredient: ids[a] as number, confidence };
  });
  return { trips: trips.length, items };
}

/**
 * Which ticks of a trip were ticked at once with another (less than TIE_MS apart, in a run of such
 * ticks): the rest of a list ticked at the checkout says nothing about where its items are.
 */
function burstOf(trip: Trip): boolean[] {
  const ticks = trip.ticks;
  return ticks.map(
    (tick, i) =>
      (i > 0 && tick.at - (ticks[i - 1] as { at: number }).at < TIE_MS) ||
      (i + 1 < ticks.length && (ticks[i + 1] as { at: number }).at - tick.at < TIE_MS),
  );
}

/**
 * Where each ingredient lies along the walk (0 the entrance, 1 the far end), from the times of its
 * ticks: each trip's times are a straight line of the places (the shopper's start and pace) plus
 * noise. Starts from each trip's times scaled to 0–1, then fits, a few times over, each trip's start
 * and pace to the places (least squares) and each place to the trips' times read through them
 * (weighted like the trips). Times say more than ranks: a trip's rank of an ingredient depends on
 * which others were bought, its time does not.
 */
function placesOf(walks: readonly { a: number; at: number }[][], weights: readonly number[], n: number) {
  const place = new Float64Array(n);
  const sum = new Float64Array(n);
  const weight = new Float64Array(n);
  const spread = (walk: readonly { at: number }[]) => (walk.at(-1)?.at ?? 0) - (walk[0]?.at ?? 0) || 1;
  walks.forEach((walk, t) => {
    const w = weights[t] as number;
    const first = walk[0]?.at ?? 0;
    for (const tick of walk) {
      sum[tick.a] = (sum[tick.a] as number) + (w * (tick.at - first)) / spread(walk);
      weight[tick.a] = (weight[tick.a] as number) + w;
    }
  });
  for (let a = 0; a < n; a++)
    place[a] = (weight[a] as number) > 0 ? (sum[a] as number) / (weight[a] as number) : 0;
  for (let round = 0; round < 8; round++) {
    sum.fill(0);
    walks.forEach((walk, t) => {
      if (walk.length < 2) return;
      const w = weights[t] as number;
      const fit = fitWalk(walk, place);
      walk.forEach((tick, i) => {
        const at = tick.at - fit.start - (i >= fit.stopBefore ? fit.stop : 0);
        sum[tick.a] = (sum[tick.a] as number) + (w * at) / fit.pace;
      });
    });
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let a = 0; a < n; a++) {
      if ((weight[a] as number) === 0) continue;
      place[a] = (sum[a] as number) / (weight[a] as number);
      low = Math.min(low, place[a] as number);
      high = Math.max(high, place[a] as number);
    }
    // Kept on 0–1, so the fits cannot drift or shrink the scale.
    const width = high - low || 1;
    for (let a = 0; a < n; a++) place[a] = ((place[a] as number) - low) / width;
  }
  return place;
}

/**
 * A trip's times as a line of the places, with at most one stop (a queue at the counter, a chat):
 * `time = start + pace × place (+ stop from the tick stopBefore on)`, least squares, the stop's place
 * the one that fits best (no stop when none helps or the pace would not be forward).
 */
function fitWalk(walk: readonly { a: number; at: number }[], place: Float64Array) {
  const k = walk.length;
  const first = walk[0]?.at ?? 0;
  const xs = walk.map((tick) => place[tick.a] as number);
  const ys = walk.map((tick) => tick.at - first);
  const spread = (ys[k - 1] as number) || 1;
  let sx = 0;
  let sxx = 0;
  let sy = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < k; i++) {
    const x = xs[i] as number;
    const y = ys[i] as number;
    sx += x;
    sxx += x * x;
    sy += y;
    sxy += x * y;
    syy += y * y;
  }
  let best = { start: first, pace: spread, stop: 0, stopBefore: k, error: Number.POSITIVE_INFINITY };
  // No stop: a straight line.
  const det = k * sxx - sx * sx;
  if (det > 0) {
    const pace = (k * sxy - sx * sy) / det;
    const start = (sy - pace * sx) / k;
    if (pace > 0)
      best = { start: start + first, pace, stop: 0, stopBefore: k, error: syy - start * sy - pace * sxy };
  }
  // A stop before tick m: the step column's sums are the sums from m on.
  let ss = 0;
  let sxs = 0;
  let ssy = 0;
  for (let m = k - 1; m >= 1; m--) {
    ss += 1;
    sxs += xs[m] as number;
    ssy += ys[m] as number;
    const solved = solve3(k, sx, ss, sxx, sxs, ss, sy, sxy, ssy);
    if (!solved) continue;
    const [start, pace, stop] = solved;
    if (!(pace > 0) || stop < 0) continue;
    // The residual sum of squares of a least-squares fit: y·y − β·(Xᵀy).
    const error = syy - start * sy - pace * sxy - stop * ssy;
    if (error < best.error - 1e-9) best = { start: start + first, pace, stop, stopBefore: m, error };
  }
  return best;
}

/**
 * The solution of the symmetric 3×3 system [[a, b, c], [b, d, e], [c, e, f]] · v = [p, q, r]
 * (Cramer's rule), or undefined when it is singular.
 */
function solve3(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
  p: number,
  q: number,
  r: number,
): [number, number, number] | undefined {
  const det = a * (d * f - e * e) - b * (b * f - e * c) + c * (b * e - d * c);
  if (Math.abs(det) < 1e-12) return undefined;
  const v0 = (p * (d * f - e * e) - b * (q * f - e * r) + c * (q * e - d * r)) / det;
  const v1 = (a * (q * f - r * e) - p * (b * f - e * c) + c * (b * r - q * c)) / det;
  const v2 = (a * (d * r - e * q) - b * (b * r - q * c) + p * (b * e - d * c)) / det;
  return [v0, v1, v2];
}

/**
 * Local search for the weighted feedback arc set (in place): takes each ingredient out and puts it
 * back where it agrees with the most weight, nearest its old place among equals, until a pass moves
 * nothing (at most 50 passes; each pass is O(n²)).
 */
function improveOrder(order: number[], before: Float64Array, n: number): void {
  const EPSILON = 1e-9;
  const at = new Int32Array(n);
  order.forEach((x, i) => {
    at[x] = i;
  });
  for (let pass = 0; pass < 50; pass++) {
    let moved = false;
    for (const x of [...order]) {
      const from = at[x] as number;
      // The gain of moving x to each place, scanned outwards from where it is: the nearest wins ties.
      let best = from;
      let bestGain = 0;
      let gain = 0;
      for (let j = from - 1; j >= 0; j--) {
        const y = order[j] as number;
        gain += (before[x * n + y] as number) - (before[y * n + x] as number);
        if (gain > bestGain + EPSILON) {
          best = j;
          bestGain = gain;
        }
      }
      gain = 0;
      for (let j = from + 1; j < order.length; j++) {
        const y = order[j] as number;
        gain += (before[y * n + x] as number) - (before[x * n + y] as number);
        const nearer = j - from < Math.abs(best - from);
        if (gain > bestGain + EPSILON || (nearer && best !== from && Math.abs(gain - bestGain) <= EPSILON)) {
          best = j;
          bestGain = gain;
        }
      }
      if (best === from) continue;
      const step = best < from ? -1 : 1;
      for (let j = from; j !== best; j += step) {
        const y = order[j + step] as number;
        order[j] = y;
        at[y] = j;
      }
      order[best] = x;
      at[x] = best;
      moved = true;
    }
    if (!moved) return;
  }
}

/**
 * For each ingredient of `order` on no shelf (absent from `shelfOf`): the shelf it is found beside,
 * that of the nearer shelved ingredient before or after it in the order (before on a tie), or null
 * when no ingredient of the order is on a shelf.
 */
export function suggestShelves(
  order: readonly number[],
  shelfOf: ReadonlyMap<number, number>,
): Map<number, number | null> {
  const previous: (number | undefined)[] = [];
  const next: (number | undefined)[] = [];
  let last: number | undefined;
  for (let i = 0; i < order.length; i++) {
    if (shelfOf.has(order[i] as number)) last = i;
    previous.push(last);
  }
  last = undefined;
  for (let i = order.length - 1; i >= 0; i--) {
    if (shelfOf.has(order[i] as number)) last = i;
    next[i] = last;
  }
  const suggested = new Map<number, number | null>();
  order.forEach((ingredient, i) => {
    if (shelfOf.has(ingredient)) return;
    const p = previous[i];
    const q = next[i];
    const pick = p === undefined ? q : q === undefined ? p : i - p <= q - i ? p : q;
    suggested.set(ingredient, pick === undefined ? null : (shelfOf.get(order[pick] as number) ?? null));
  });
  return suggested;
}

/**
 * Kendall's tau between an order and the true one, over the ingredients both hold: 1 the same
 * order, −1 reversed, 0 unrelated. Pairs the truth ties (`truth` equal) do not count (tau-b).
 */
export function kendallTau(order: readonly number[], truth: ReadonlyMap<number, number>): number {
  const common = order.filter((id) => truth.has(id));
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < common.length; i++)
    for (let j = i + 1; j < common.length; j++) {
      const d = (truth.get(common[j] as number) as number) - (truth.get(common[i] as number) as number);
      if (d > 0) concordant++;
      else if (d < 0) discordant++;
    }
  const pairs = concordant + discordant;
  return pairs === 0 ? 1 : (concordant - discordant) / pairs;
}
