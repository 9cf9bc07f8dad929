/**
 * What changed between two versions of a recipe, for the history page: a line-level diff (longest
 * common subsequence) of its categories, ingredient lines and steps, and the fields that hold one
 * value (title, description, servings, times, source) as before and after. Pure: no words, no
 * formatting; the page writes them in the person's language.
 */

/** One line of a diff: kept, added (only in the later version) or removed (only in the earlier). */
export type DiffLine<T> = { kind: "same" | "added" | "removed"; item: T };

/**
 * Beyond this many cells of the comparison table (lines before × lines after, once the common start
 * and end are set aside), the middle is shown as all removed, then all added, instead of compared:
 * a recipe has at most a few hundred lines, so only something pathological gets here, and it must
 * not freeze the page.
 */
export const MAX_CELLS = 1_000_000;

/**
 * The lines of `after` against those of `before`, in order, where lines are equal when their `key`s
 * are: unchanged lines are "same", the rest "removed" (before) or "added" (after), a removed line
 * before the line that took its place.
 */
export function diffLines<T>(
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
): DiffLine<T>[] {
  const a = before.map(key);
  const b = after.map(key);
  // The common start and end need no table (most edits touch a few lines in the middle).
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = before.slice(0, start).map((item): DiffLine<T> => ({ kind: "same", item }));
  const tail = before.slice(endA).map((item): DiffLine<T> => ({ kind: "same", item }));
  const n = endA - start;
  const m = endB - start;
  const middle: DiffLine<T>[] = [];
  const removed = (i: number): DiffLine<T> => ({ kind: "removed", item: before[start + i] as T });
  const added = (j: number): DiffLine<T> => ({ kind: "added", item: after[start + j] as T });

  if (n * m > MAX_CELLS) {
    for (let i = 0; i < n; i++) middle.push(removed(i));
    for (let j = 0; j < m; j++) middle.push(added(j));
    return [...head, ...middle, ...tail];
  }

  // lcs[i * (m + 1) + j]: the length of the longest common subsequence of a[i..] and b[j..].
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[start + i] === b[start + j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[start + i] === b[start + j]) {
      middle.push({ kind: "same", item: before[start + i] as T });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
      middle.push(removed(i++));
    } else {
      middle.push(added(j++));
    }
  }
  while (i < n) middle.push(removed(i++));
  while (j < m) middle.push(added(j++));
  return [...head, ...middle, ...tail];
}

/** Whether a diff changes anything. */
export const changed = (lines: readonly DiffLine<unknown>[]): boolean => lines.some((l) => l.kind !== "same");

/** What of a recipe a version holds that the history compares (a recipe read, or a revision read). */
export type RecipeVersion = {
  title: string;
  description: string | null;
  servings: number | null;
  prep_time_sec: number | null;
  cook_time_sec: number | null;
  total_time_sec: number | null;
  source_url: string | null;
  categories: readonly { name: string }[];
  ingredients: readonly IngredientLine[];
  steps: readonly { description: string }[];
};

export type IngredientLine = { name: string; amount_grams: number | null; amount_readable: string };

/** The fields that hold one value, in the order the page shows them (the recipe page's order). */
export const VALUE_FIELDS = [
  "title",
  "description",
  "servings",
  "prep_time_sec",
  "cook_time_sec",
  "total_time_sec",
  "source_url",
] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

export type ValueChange = {
  field: ValueField;
  before: string | number | null;
  after: string | number | null;
};

export type RecipeDiff = {
  /** The one-value fields that differ, in VALUE_FIELDS' order. */
  values: ValueChange[];
  categories: DiffLine<string>[];
  ingredients: DiffLine<IngredientLine>[];
  steps: DiffLine<string>[];
};

/** A line is the same line when its grams, its amount as written and its ingredient's name are. */
const lineKey = (line: IngredientLine) =>
  JSON.stringify([line.amount_grams, line.amount_readable, line.name]);
const same = (text: string) => text;
/** Categories are a set, listed in no order that means anything: compared by name, sorted. */
const categoryNames = (version: RecipeVersion | null) =>
  (version?.categories ?? []).map((c) => c.name).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));

/**
 * `after` against `before`; with no `before` (the first version, which has nothing before it) every
 * line and value of `after` is added. An empty description counts as none.
 */
export function diffRecipes(before: RecipeVersion | null, after: RecipeVersion): RecipeDiff {
  const value = (version: RecipeVersion | null, field: ValueField) => {
    const v = version?.[field] ?? null;
    return v === "" ? null : v;
  };
  const values = VALUE_FIELDS.flatMap((field): ValueChange[] => {
    const was = value(before, field);
    const now = value(after, field);
    return was === now ? [] : [{ field, before: was, after: now }];
  });
  return {
    values,
    categories: diffLines(categoryNames(before), categoryNames(after), same),
    ingredients: diffLines(before?.ingredients ?? [], after.ingredients, lineKey),
    steps: diffLines(
      (before?.steps ?? []).map((s) => s.description),
      after.steps.map((s) => s.description),
      same,
    ),
  };
}

/** Whether two versions differ at all. */
export const anyChange = (diff: RecipeDiff): boolean =>
  diff.values.length > 0 || changed(diff.categories) || changed(diff.ingredients) || changed(diff.steps);
