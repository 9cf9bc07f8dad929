/** SQL for the picture columns (img, preview_img) of the four tables whose rows carry a picture. */
import { sql } from "kysely";
import type { Db } from "../db.ts";

export type PictureTable = "recipes" | "categories" | "ingredients" | "users";

/** The column naming a row's owner: a user owns their own row; categories belong to admins only. */
const OWNER_COLUMN: Record<PictureTable, "user_id" | "id" | null> = {
  recipes: "user_id",
  ingredients: "user_id",
  users: "id",
  categories: null,
};

export type PictureRow = { owner_id: number | null; img: string | null; preview_img: string | null };

/** A row's owner and picture URLs; `forUpdate` locks the row until the transaction ends. */
export async function findPictureRow(
  db: Db,
  table: PictureTable,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PictureRow | undefined> {
  const owner = OWNER_COLUMN[table];
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
  table: PictureTable,
  id: number,
  pictures: { img: string | null; preview_img: string | null },
): Promise<void> {
  await sql`
    update ${sql.table(table)}
    set img = ${pictures.img}, preview_img = ${pictures.preview_img}
    where id = ${id}
  `.execute(db);
}
