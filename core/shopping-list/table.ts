import type { ColumnType } from "kysely";
import type { Generated, Id, Timestamps } from "../table-types.ts";

/** numeric(12,3): written as a number, read back as a number by the type parsers of core/db.ts. */
type Grams = ColumnType<number | null, number | null | undefined, number | null>;

export interface ShoppingListsTable extends Timestamps {
  id: Id;
  /** The owner: only they (and an admin) may read or change the list. */
  user_id: number;
  name: string;
  /** The store whose walking order the list follows; null once that store is deleted. */
  store_id: number | null;
  /** The household that shares the list (its members read and write it); null: private. */
  household_id: number | null;
}

export interface ShoppingListItemsTable extends Timestamps {
  id: Id;
  list_id: number;
  /** Null for free text, and once the ingredient is deleted. */
  ingredient_id: number | null;
  /** The free text, or the ingredient's name when the item was made (shown once the ingredient is gone). */
  name: string;
  /** The total of the parts' grams, or the amount set by hand. */
  amount_grams: Grams;
  /** The parts' readable amounts joined with ' + ', or the amount set by hand. */
  amount_readable: Generated<string>;
  checked: Generated<boolean>;
  /** When it was ticked (the client's time, clamped between its creation and now); null while unchecked. */
  checked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set by a PUT of an amount: taking a recipe back no longer changes the item. */
  amount_set_by_hand: Generated<boolean>;
  /** 1, then +1 per changing transaction; kept by a trigger (migrations/2026-11-25T0200-households.ts). */
  version: Generated<number>;
  /** Who made the last change: the writing transaction's `recipes.actor_id` (see the trigger). */
  updated_by: Generated<number | null>;
}

/** One addition to an item: a recipe's share (`recipe_id`), or one made by hand (`recipe_id` null). */
export interface ShoppingListItemPartsTable extends Timestamps {
  id: Id;
  item_id: number;
  recipe_id: number | null;
  amount_grams: Grams;
  amount_readable: Generated<string>;
  /** The UUID a client picked for an item it added by hand: the same add again changes nothing. */
  client_id: Generated<string | null>;
}

/** A recipe added to a list; adding it again adds its servings up (null: added as written). */
export interface ShoppingListRecipesTable extends Timestamps {
  list_id: number;
  recipe_id: number;
  servings: number | null;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    shopping_lists: ShoppingListsTable;
    shopping_list_items: ShoppingListItemsTable;
    shopping_list_item_parts: ShoppingListItemPartsTable;
    shopping_list_recipes: ShoppingListRecipesTable;
  }
}
