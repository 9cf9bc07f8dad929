/**
 * "Import an archive": an export of this service (any instance, any account), a Paprika export or a
 * file of schema.org recipes. The file goes straight to storage with its upload progress shown, then
 * the API reads it; the counts say what came in and the warnings what did not, recipe by recipe.
 */
import { useId, useState } from "react";
import { useT } from "../../../i18n/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { MAX_ARCHIVE_BYTES, useImportArchive } from "../api/archive.ts";
import { listCounts } from "../lib/counts.ts";

const ACCEPT = ".zip,.paprikarecipes,.json,.jsonld,application/zip,application/json,application/ld+json";

export function ImportArchive() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const load = useImportArchive();
  const { phase, data: result } = load;
  const { t } = useT();
  const uploading = phase?.phase === "uploading" ? phase : null;
  const reading = phase?.phase === "reading";

  return (
    <form
      className="archive-action"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return setRefusal(t("archive.chooseFirst"));
        if (file.size > MAX_ARCHIVE_BYTES)
          return setRefusal(t("archive.tooLarge", { max: MAX_ARCHIVE_BYTES / 1024 / 1024 }));
        setRefusal(null);
        load.mutate(file);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-file`}>{t("archive.file")}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          aria-describedby={`${id}-hint`}
          disabled={load.isPending}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setRefusal(null);
            load.reset();
          }}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t("archive.fileHint")}
        </p>
      </div>
      <button type="submit" className="button" disabled={load.isPending}>
        {load.isPending ? t("archive.importing") : t("archive.import")}
      </button>
      <div role="status" className="archive-status">
        {uploading && (
          <div className="archive-progress">
            <progress max={1} value={uploading.progress} aria-label={t("archive.uploadProgress")} />
            <span>{t("archive.uploading", { percent: Math.round(uploading.progress * 100) })}</span>
          </div>
        )}
        {reading && (
          <div className="archive-progress">
            <progress aria-label={t("archive.readingLabel")} />
            <span>{t("archive.reading")}</span>
          </div>
        )}
        {result && (
          <p>
            {t("archive.imported", { contents: listCounts(result.counts) || t("archive.importedNothing") })}
          </p>
        )}
      </div>
      {result && result.warnings.length > 0 && (
        <section className="notice archive-warnings" aria-labelledby={`${id}-warnings`}>
          <h3 id={`${id}-warnings`} className="notice-title">
            {t("archive.warnings")}
          </h3>
          <ul>
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </section>
      )}
      {(refusal || load.isError) && (
        <p className="field-error" role="alert">
          {refusal ?? errorMessage(load.error)}
        </p>
      )}
    </form>
  );
}
