/** The shapes of the export and import routes (CONTRACT.md: export, backup and restore). */
import * as z from "zod/mini";
import { ArchiveScope } from "./format.ts";

export const ExportCreate = z.strictObject({
  scope: ArchiveScope.clone().register(z.globalRegistry, {
    description: "`mine`: the caller's content; `all` (Admin only): the whole instance.",
  }),
});
export type ExportCreate = z.infer<typeof ExportCreate>;

const Counts = z.record(z.string(), z.number().check(z.int()));

export const ExportRead = z.object({
  url: z
    .string()
    .register(z.globalRegistry, { description: "A signed link to the zip archive, valid 15 minutes." }),
  expires_at: z.iso.datetime(),
  size_bytes: z.number().check(z.int()),
  counts: Counts.clone().register(z.globalRegistry, { description: "Rows per table, and `pictures`." }),
});
export type ExportRead = z.infer<typeof ExportRead>;

export const ImportUploadRead = z.object({
  upload_url: z.string().register(z.globalRegistry, {
    description: "A signed link that takes one PUT of the archive (at most 200 MB), valid 15 minutes.",
  }),
  key: z
    .string()
    .register(z.globalRegistry, { description: "What to send to POST /imports once the upload is done." }),
  expires_at: z.iso.datetime(),
});
export type ImportUploadRead = z.infer<typeof ImportUploadRead>;

export const ImportCreate = z.strictObject({
  key: z
    .string()
    .check(z.minLength(1), z.maxLength(200))
    .register(z.globalRegistry, { description: "The `key` POST /imports/uploads answered." }),
});
export type ImportCreate = z.infer<typeof ImportCreate>;

export const ImportRead = z.object({
  counts: Counts.clone().register(z.globalRegistry, {
    description:
      "What came in: rows created per table, `ingredients_matched` / `categories_matched` (existing rows used), `pictures` (objects stored: each picture and its preview).",
  }),
  warnings: z
    .array(z.string())
    .register(z.globalRegistry, { description: "One sentence per thing that did not come in as it was." }),
});
export type ImportRead = z.infer<typeof ImportRead>;
