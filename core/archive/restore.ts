/**
 * Restores an `all` archive into an empty database and a bucket: every row as it was, ids included,
 * identity sequences moved past them, every picture object back under its key. One transaction: a
 * failure leaves the database empty, and the objects already written are deleted again.
 */
import { sql } from "kysely";
import { type Db, transaction } from "../db.ts";
import { Conflict } from "../errors.ts";
import { IMAGE_FORMATS, sniffFormat } from "../image/format.ts";
import { dropUnknownFoods, matchNutrition } from "../ingredient/nutrition.ts";
import { jsonText } from "../json-text.ts";
import { recordFirstRevisions } from "../recipe/revision-repository.ts";
import { storedColumns } from "./columns.ts";
import { ARCHIVE_TABLES, type ArchiveTable, PICTURE_COLUMNS } from "./format.ts";
import { type ArchiveReader, archiveInvalid, type Row } from "./reader.ts";
import { type Bucket, deleteKeys, pictureUrlOfKey, writePicture } from "./storage.ts";

const BATCH_ROWS = 500;

/** The first archived table that holds a row, if any. */
export async function firstNonEmptyTable(db: Db): Promise<ArchiveTable | undefined> {
  for (const { name } of ARCHIVE_TABLES) {
    const found = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    if (found.rows.length > 0) return name;
  }
  return undefined;
}

/** Every row must carry exactly the table's columns (after the upgrade), so nothing is silently defaulted. */
function checkColumns(table: string, rows: Row[], columns: string[]): void {
  const known = new Set(columns);
  for (const row of rows) {
    const extra = Object.keys(row).find((c) => !known.has(c));
    if (extra)
      throw archiveInvalid(`its table '${table}' has a column '${extra}' this database does not have.`);
    const missing = columns.find((c) => !(c in row));
    if (missing) throw archiveInvalid(`its table '${table}' lacks the column '${missing}'.`);
  }
}

/** A picture column holds an object key of the archive, or a URL that was never this bucket's. */
function pictureValue(reader: ArchiveReader, table: string, value: unknown): { url: unknown; key?: string } {
  if (typeof value !== "string" || /^https?:\/\//i.test(value)) return { url: value };
  if (!reader.hasImage(value))
    throw archiveInvalid(`the picture '${value}' of table '${table}' is missing from it.`);
  return { url: value, key: value };
}

export type RestoreOptions = { onProgress?: (line: string) => void };

/**
 * Restores the archive; returns the rows per table and the pictures written. Refuses (409) a
 * database that holds rows, and (422) an archive that is not a whole instance or does not check out.
 */
export async function restoreArchive(
  db: Db,
  bucket: Bucket,
  reader: ArchiveReader,
  options: RestoreOptions = {},
): Promise<Record<string, number>> {
  if (reader.manifest.scope !== "all") {
    throw archiveInvalid(
      "it holds one user's content, not a whole instance; import it with POST /imports instead.",
    );
  }
  const occupied = await firstNonEmptyTable(db);
  if (occupied) {
    throw Conflict(
      `The database already holds rows (table '${occupied}'); restore only into an empty database.`,
    );
  }
  options.onProgress?.("checking every file's SHA-256");
  await reader.verify();

  const counts: Record<string, number> = {};
  const written = new Set<string>();
  try {
    await transaction(db, async (trx) => {
      const pictureKeys = new Set<string>();
      for (const { name, pictures } of ARCHIVE_TABLES) {
        const columns = await storedColumns(trx, name);
        const rows = await reader.rows(name);
        checkColumns(name, rows, columns);
        if (pictures) {
          for (const row of rows) {
            for (const column of PICTURE_COLUMNS) {
              const { url, key } = pictureValue(reader, name, row[column]);
              if (key !== undefined) {
                pictureKeys.add(key);
                row[column] = pictureUrlOfKey(bucket, key);
              } else row[column] = url;
            }
          }
        }
        // The foods table is not archived: a food this database lacks is no reference to fail on.
        const forgotten = name === "ingredients" ? await dropUnknownFoods(trx, rows) : [];
        const list = sql.join(columns.map((c) => sql.ref(c)));
        for (let at = 0; at < rows.length; at += BATCH_ROWS) {
          const batch = jsonText(rows.slice(at, at + BATCH_ROWS));
          await sql`insert into ${sql.table(name)} (${list}) overriding system value
            select ${list} from jsonb_populate_recordset(null::${sql.table(name)}, ${batch}::jsonb)`.execute(
            trx,
          );
        }
        if (columns.includes("id")) {
          // The next row created gets an id past every restored one.
          await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 1), max(id) is not null)
            from ${sql.table(name)}`.execute(trx);
        }
        await matchNutrition(trx, forgotten);
        counts[name] = rows.length;
        options.onProgress?.(`${name}: ${rows.length} rows`);
      }
      // An archive from before histories were kept: each recipe's revision 1, its state by its owner.
      await recordFirstRevisions(trx);
      let done = 0;
      for (const key of pictureKeys) {
        const bytes = await reader.image(key);
        // The operator's own objects come back as they were, whatever they hold.
        const format = sniffFormat(bytes);
        written.add(key);
        await writePicture(
          bucket,
          key,
          bytes,
          format ? IMAGE_FORMATS[format].contentType : "application/octet-stream",
        );
        if (++done % 500 === 0) options.onProgress?.(`pictures: ${done} of ${pictureKeys.size}`);
      }
      counts.pictures = pictureKeys.size;
      options.onProgress?.(`pictures: ${pictureKeys.size}`);
    });
  } catch (error) {
    await deleteKeys(bucket, written).catch(() => undefined);
    throw error;
  }
  return counts;
}
