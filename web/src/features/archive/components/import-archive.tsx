/**
 * "Import an archive": an export of this service (any instance, any account), a Paprika export or a
 * file of schema.org recipes. The file goes straight to storage with its upload progress shown, then
 * the API reads it; the counts say what came in and the warnings what did not, recipe by recipe.
 */
import { useId, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { MAX_ARCHIVE_BYTES, useImportArchive } from "../api/archive.ts";
import { describeCounts } from "../lib/counts.ts";

const ACCEPT = ".zip,.paprikarecipes,.json,.jsonld,application/zip,application/json,application/ld+json";

export function ImportArchive() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const load = useImportArchive();
  const { phase, data: result } = load;

  return (
    <form
      className="archive-action"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return setRefusal("Choose the archive file first.");
        if (file.size > MAX_ARCHIVE_BYTES)
          return setRefusal("The archive is larger than 200 MB, too large to import.");
        setRefusal(null);
        load.mutate(file);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-file`}>Archive file</label>
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
          A .zip exported here or by another instance of this service, a Paprika export (.paprikarecipes), or
          a zip or JSON file of schema.org recipes (Mealie, Tandoor, Nextcloud Cookbook, RecipeSage).
        </p>
      </div>
      <button type="submit" className="button" disabled={load.isPending}>
        {load.isPending ? "Importing…" : "Import the archive"}
      </button>
      <div role="status" className="archive-status">
        {phase?.phase === "uploading" && (
          <div className="archive-progress">
            <progress max={1} value={phase.progress} aria-label="Upload progress" />
            <span>Uploading… {Math.round(phase.progress * 100)} %</span>
          </div>
        )}
        {phase?.phase === "reading" && (
          <div className="archive-progress">
            <progress aria-label="Reading the archive" />
            <span>Reading the archive…</span>
          </div>
        )}
        {result && <p>Imported: {describeCounts(result.counts).join(", ") || "nothing new"}.</p>}
      </div>
      {result && result.warnings.length > 0 && (
        <section className="notice archive-warnings" aria-labelledby={`${id}-warnings`}>
          <h3 id={`${id}-warnings`} className="notice-title">
            What did not come in as it was
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
