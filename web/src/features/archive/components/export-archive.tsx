/**
 * "Export my recipes" (and, for an admin, everything): POST /exports writes the zip to storage, which
 * takes a while for many pictures, then the signed link is offered as a download, valid 15 minutes.
 */
import { useId } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { type ExportScope, useExportArchive } from "../api/archive.ts";
import { describeCounts, formatBytes } from "../lib/counts.ts";

const clock = new Intl.DateTimeFormat("en", { timeStyle: "short" });

export function ExportArchive({ scope, action }: { scope: ExportScope; action: string }) {
  const id = useId();
  const write = useExportArchive(scope);
  const archive = write.data;

  return (
    <div className="archive-action">
      <button
        type="button"
        className="button"
        disabled={write.isPending}
        aria-describedby={`${id}-status`}
        onClick={() => write.mutate()}
      >
        {write.isPending ? "Writing the archive…" : action}
      </button>
      <div id={`${id}-status`} role="status" className="archive-status">
        {write.isPending && (
          <>
            <progress aria-label="Writing the archive" />
            <p className="hint">Writing the archive with every picture; this can take a minute.</p>
          </>
        )}
        {archive && (
          <>
            <p>
              Your archive is ready: {describeCounts(archive.counts, true).join(", ") || "nothing in it yet"}{" "}
              ({formatBytes(archive.size_bytes)}).
            </p>
            <p>
              <a className="button" href={archive.url} download>
                Download the archive
              </a>
            </p>
            <p className="hint">The link works until {clock.format(new Date(archive.expires_at))}.</p>
          </>
        )}
      </div>
      {write.isError && (
        <p className="field-error" role="alert">
          {errorMessage(write.error)}
        </p>
      )}
    </div>
  );
}
