/**
 * "Export my recipes" (and, for an admin, everything): POST /exports writes the zip to storage, which
 * takes a while for many pictures, then the signed link is offered as a download, valid 15 minutes.
 */
import { useId } from "react";
import { useT } from "../../../i18n/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { type ExportScope, useExportArchive } from "../api/archive.ts";
import { formatBytes, listCounts } from "../lib/counts.ts";

export function ExportArchive({ scope, action }: { scope: ExportScope; action: string }) {
  const id = useId();
  const write = useExportArchive(scope);
  const archive = write.data;
  const { t, language } = useT();

  return (
    <div className="archive-action">
      <button
        type="button"
        className="button"
        disabled={write.isPending}
        aria-describedby={`${id}-status`}
        onClick={() => write.mutate()}
      >
        {write.isPending ? t("archive.writing") : action}
      </button>
      <div id={`${id}-status`} role="status" className="archive-status">
        {write.isPending && (
          <>
            <progress aria-label={t("archive.writingLabel")} />
            <p className="hint">{t("archive.writingHint")}</p>
          </>
        )}
        {archive && (
          <>
            <p>
              {t("archive.ready", {
                contents: listCounts(archive.counts, true) || t("archive.readyEmpty"),
                size: formatBytes(archive.size_bytes),
              })}
            </p>
            <p>
              <a className="button" href={archive.url} download>
                {t("archive.download")}
              </a>
            </p>
            <p className="hint">
              {t("archive.linkUntil", {
                time: new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(
                  new Date(archive.expires_at),
                ),
              })}
            </p>
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
