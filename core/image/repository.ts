/** SQL for the picture columns (img, preview_img) of the four tables whose rows carry a picture. */
import { sql } from "kysely";
import type { Db } from "../db.ts";

/** The rows that carry a picture, by what the API calls them. */
export type PictureOwner = "Recipe" | "Category" | "Ingredient" | "User";

type PictureTable = "recipes" | "categories" | "ingredients" | "users";

/**
 * Each kind's table (also its objects' key prefix) and the column naming a row's owner: a user owns
 * their own row; categories belong to admins only.
 */
export const PICTURE_TABLES: Record<PictureOwner, { table: PictureTable; owner: "user_id" | "id" | null }> = {
  Recipe: { table: "recipes", owner: "user_id" },
  Category: { table: "categories", owner: null },
  Ingredient: { table: "ingredients", owner: "user_id" },
  User: { table: "users", owner: "id" },
};

/**
 * The key prefixes of picture objects (`recipes/12/<hash>-<random>.jpg` and its `-preview.webp`): the
 * only objects anyone may read without a signature (the CDN on AWS, the embedded S3 server locally).
 */
export const PICTURE_KEY_PREFIXES: readonly string[] = Object.values(PICTURE_TABLES).map(
  (t) => `${t.table}/`,
);

export type PictureRow = { owner_id: number | null; img: string | null; preview_img: string | null };

/** A row's owner and picture URLs; `forUpdate` locks the row until the transaction ends. */
export async function findPictureRow(
  db: Db,
  kind: PictureOwner,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PictureRow | undefined> {
  const { table, owner } = PICTURE_TABLES[kind];
  const result = await sql<PictureRow>`
    select ${owner ? sql.ref(owner) : sql`null::integer`} as owner_id, img, preview_img
    from ${sql.table(table)}
    where id = ${id}
    ${options.forUpdate ? sql`for update` : sql``}
  `.execute(db);
  return result.rows[0];
}

/** Sets (or, with nulls, clears) a row's picture URLs. */
export async function updatePictureColumns(
  db: Db,
  kind: PictureOwner,
  id: number,
  pictures: { img: string | null; preview_img: string | null },
): Promise<void> {
  await sql`
    update ${sql.table(PICTURE_TABLES[kind].table)}
    set img = ${pictures.img}, preview_img = ${pictures.preview_img}
    where id = ${id}
  `.execute(db);
}
