/**
 * Keyset pagination shared by every list: `limit` 1–100 (default 20) and an opaque `cursor`
 * holding the sort key of the last row served, so a deep page costs what the first one does.
 */
import * as z from "zod/mini";
import { BadRequest } from "./errors.ts";
import { MAX_INT } from "./ids.ts";

export const Limit = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20);
export const Cursor = z.optional(z.string().check(z.maxLength(500)));

/** The query fields every list accepts. */
export const PageQuery = z.strictObject({ limit: Limit, cursor: Cursor });

export type Page<T> = { items: T[]; next_cursor: string | null };

/** The schema of a page of `item`s: what every list answers. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.nullable(z.string()) });

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
export function decodeCursor<T>(cursor: string, schema: z.ZodMiniType<T>): T {
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

const TIMESTAMP_FIELDS =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

/**
 * True when `text` is a timestamptz as PostgreSQL prints it (`2024-05-01 12:00:00.123+00`) and names
 * a real instant, checked field by field: year 1–9999, month 1–12, a day that month has, hours 0–23,
 * minutes and seconds 0–59, an offset within ±15:59. A forged cursor key such as
 * `2024-13-45 25:61:61+00` would otherwise reach SQL and fail there.
 */
export function isTimestampText(text: string): boolean {
  const match = TIMESTAMP_FIELDS.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] =
    [1, 2, 3, 4, 5, 6, 8, 9].map((group) => Number(match[group] ?? 0));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return (
    year >= 1 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/**
 * A `cursor` query parameter whose decoded key must pass `isValidKey` (field by field, before any
 * SQL sees it); anything else is the same 400 `Cursor is invalid.` as a cursor not made here. The
 * value stays the opaque string: the list decodes it again for its order.
 */
export function checkedCursor(isValidKey: (key: unknown) => boolean) {
  return z.optional(
    z.pipe(
      z.string().check(z.maxLength(500)),
      z.transform((cursor) => {
        let key: unknown;
        try {
          key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
        } catch {
          throw BadRequest("Cursor is invalid.");
        }
        if (!fitsColumns(key) || !isValidKey(key)) throw BadRequest("Cursor is invalid.");
        return cursor;
      }),
    ),
  );
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
export const NameIdCursor = z.tuple([z.string(), z.number().check(z.int())]);

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
