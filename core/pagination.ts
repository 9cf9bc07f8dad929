/**
 * Keyset pagination shared by every list: `limit` 1–100 (default 20) and an opaque `cursor`
 * holding the sort key of the last row served, so a deep page costs what the first one does.
 */
import { z } from "zod";
import { BadRequest } from "./errors.ts";
import { MAX_INT } from "./ids.ts";

export const Limit = z.coerce.number().int().min(1).max(100).default(20);
export const Cursor = z.string().max(500).optional();

/** The query fields every list accepts. */
export const PageQuery = z.strictObject({ limit: Limit, cursor: Cursor });

export type Page<T> = { items: T[]; next_cursor: string | null };

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** Every key a cursor holds must fit the columns it is compared with: int4 numbers, text without NUL. */
function fitsColumns(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) <= MAX_INT;
  if (typeof value === "string") return !value.includes("\u0000");
  return Array.isArray(value) ? value.every(fitsColumns) : value === null;
}

/** Reads a cursor back; a cursor that was not made here (or for another sort) is a 400. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw BadRequest("Cursor is invalid.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success || !fitsColumns(value)) throw BadRequest("Cursor is invalid.");
  return parsed.data;
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only tells that there is more.
 * `keyOf` gives the sort key of a row, which becomes the next cursor.
 */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => readonly unknown[]): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The cursor of a list in (name, id) order: the last row's name and id. */
export const NameIdCursor = z.tuple([z.string(), z.number().int()]);

/**
 * One page of a list in (name, id) order: decodes the cursor and asks `fetch` for one row more than
 * the page, after the cursor's key. A key of name and id serves each row once even as rows are added.
 */
export async function pageByNameAndId<T extends { name: string; id: number }>(
  query: { limit: number; cursor?: string | undefined },
  fetch: (page: { limit: number; after?: readonly [string, number] }) => Promise<T[]>,
): Promise<Page<T>> {
  const after = query.cursor ? decodeCursor(query.cursor, NameIdCursor) : undefined;
  const rows = await fetch({ limit: query.limit + 1, ...(after ? { after } : {}) });
  return toPage(rows, query.limit, (row) => [row.name, row.id]);
}
