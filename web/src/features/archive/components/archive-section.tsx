/**
 * The account page's archives: take one's recipes out (export) and bring recipes in (import an
 * archive); for an admin, how to back up and restore the whole instance.
 */
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import "../archive.css";
import { BackupInstructions } from "./backup-instructions.tsx";
import { ExportArchive } from "./export-archive.tsx";
import { ImportArchive } from "./import-archive.tsx";

export function ArchiveSection() {
  const { session } = useAuth();
  const { t } = useT();
  const admin = session?.role === "admin";
  return (
    <>
      <section aria-labelledby="export-heading" className="account-section archive">
        <h2 id="export-heading">{t("archive.exportMine")}</h2>
        <p>{t("archive.exportMineText")}</p>
        <ExportArchive scope="mine" action={t("archive.exportMine")} />
      </section>
      <section aria-labelledby="import-heading" className="account-section archive">
        <h2 id="import-heading">{t("archive.importHeading")}</h2>
        <p>{t("archive.importText")}</p>
        <ImportArchive />
      </section>
      {admin && (
        <section aria-labelledby="backup-heading" className="account-section archive">
          <h2 id="backup-heading">{t("archive.backupHeading")}</h2>
          <BackupInstructions />
        </section>
      )}
    </>
  );
}
