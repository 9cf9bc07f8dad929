/**
 * The upgrade path: each step turns an archive of one format version into the next, so an archive
 * of any older version is read as the current one. A step names the tables it adds (supplied empty)
 * and the row changes per table; the manifest changes, if any, go in `manifest`.
 *
 * When a migration adds or renames a column of an archived table, or adds a table to
 * ARCHIVE_TABLES, bump FORMAT_VERSION and add the step here: restore insists that every row carries
 * exactly the table's columns, and the test that restores the version-1 fixture says which are missing.
 */
import type { ArchiveTable } from "./format.ts";

type Row = Record<string, unknown>;

type Step = {
  /** The version this step reads; it produces `from + 1`. */
  from: number;
  why: string;
  addsTables?: readonly ArchiveTable[];
  rows?: Partial<Record<ArchiveTable, (row: Row) => Row>>;
  manifest?: (manifest: Row) => Row;
};

const STEPS: readonly Step[] = [
  {
    from: 1,
    why:
      "2026-11-24: users.token_valid_after (tokens issued before a password change are refused), " +
      "ingredients.grams_per_ml / grams_per_piece and recipes.source_url (none existed, so none is set); " +
      "shopping lists and the meal plan (none existed, so their tables are empty).",
    addsTables: [
      "shopping_lists",
      "shopping_list_items",
      "shopping_list_item_parts",
      "shopping_list_recipes",
      "meal_plan_entries",
    ],
    rows: {
      users: (row) => ({ token_valid_after: null, ...row }),
      ingredients: (row) => ({ grams_per_ml: null, grams_per_piece: null, ...row }),
      recipes: (row) => ({ source_url: null, ...row }),
    },
  },
  {
    from: 2,
    why: "2026-11-25: recipes.total_time_sec (none existed, so none is set: the total is prep + cook).",
    rows: { recipes: (row) => ({ total_time_sec: null, ...row }) },
  },
  {
    from: 3,
    why:
      "2026-11-25: households (none existed, so their tables are empty); lists and meal plan entries " +
      "shared with one (none was: household_id null); list items' version (1) and who changed them " +
      "last (not recorded: null); the client_id of an item added by hand (none was given: null).",
    addsTables: ["households", "household_members"],
    rows: {
      shopping_lists: (row) => ({ household_id: null, ...row }),
      shopping_list_items: (row) => ({ version: 1, updated_by: null, ...row }),
      shopping_list_item_parts: (row) => ({ client_id: null, ...row }),
      meal_plan_entries: (row) => ({ household_id: null, ...row }),
    },
  },
  {
    from: 4,
    why:
      "2026-11-28: users.language and users.units, the cook's language and measures (none was chosen: " +
      "the browser's language, amounts as written).",
    rows: { users: (row) => ({ language: null, units: "as_written", ...row }) },
  },
  {
    from: 5,
    why: "2026-11-28: ingredients' nutrition (none was known or matched: null).",
    rows: {
      ingredients: (row) => ({
        nutrients_per_100g: null,
        nutrition_food_id: null,
        nutrition_by: null,
        ...row,
      }),
    },
  },
  {
    from: 6,
    // Each feature of this version adds its sentence and its rows here.
    why:
      "2026-11-29: recipe_revisions, each recipe's history (none was kept: the table is empty, and the restore or " +
      "import gives every recipe its revision 1, its state by its owner). " +
      "Favourites, ratings and the cooked log (none was kept: their tables are empty). " +
      "When list items were ticked, shopping_list_items.checked_at, and the stores' ticks, store_ticks " +
      "(none was kept: null, and the table is empty).",
    addsTables: ["recipe_revisions", "favourites", "ratings", "cooked", "store_ticks"],
    rows: { shopping_list_items: (row) => ({ checked_at: null, ...row }) },
  },
  {
    from: 7,
    why: "2026-11-29: ingredient_names, the other names an ingredient goes by (none were kept: the table is empty).",
    addsTables: ["ingredient_names"],
  },
];

const stepsFrom = (version: number) => STEPS.filter((s) => s.from >= version).sort((a, b) => a.from - b.from);

/** The manifest of an archive written in `version`, as the current format has it. */
export function upgradeManifest(manifest: Row, version: number): Row {
  let current = manifest;
  for (const step of stepsFrom(version))
    current = { ...(step.manifest?.(current) ?? current), format_version: step.from + 1 };
  return current;
}

/** What turns one row of a table of an archive written in `version` into a row of the current format. */
export function rowUpgrade(table: ArchiveTable, version: number): (row: Row) => Row {
  const changes = stepsFrom(version).flatMap((step) => step.rows?.[table] ?? []);
  return (row) => changes.reduce((current, change) => change(current), row);
}

/** The rows of one table of an archive written in `version`, as the current format has them. */
export function upgradeRows(table: ArchiveTable, rows: Row[], version: number): Row[] {
  return rows.map(rowUpgrade(table, version));
}

/** True when the table did not exist yet in `version`, so its absence is no fault. */
export function upgradeAddsTable(table: ArchiveTable, version: number): boolean {
  return stepsFrom(version).some((s) => s.addsTables?.includes(table));
}
