/** Row ids and the integer columns they live in, and the bound of the gram columns, defined once. */
import * as z from "zod/mini";

/** The largest value a PostgreSQL `integer` column holds: the bound of every id and of every int a query compares. */
export const MAX_INT = 2_147_483_647;

/** The most grams a recipe line or a list item holds: `numeric(12, 3)`. */
export const MAX_GRAMS = 999_999_999.999;

/** An id in a JSON body or a cursor: a positive integer that fits the column, so it never fails in SQL. */
export const RowId = z.number().check(z.int(), z.gte(1), z.lte(MAX_INT));

/** An id in a query string (`?store_id=5`): the same bounds as RowId, read from text. */
export const QueryId = z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_INT));
