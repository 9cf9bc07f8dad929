/**
 * An admin's "Back up everything": the whole instance (every account, recipe and picture) is backed
 * up and restored by the operator's commands (README, "Backup and restore"); an archive of everything
 * can also be written here, and `npm run restore` takes it too.
 */
import { useT } from "../../../i18n/index.ts";
import { ExportArchive } from "./export-archive.tsx";

/** The operator's commands, as typed (README, "Backup and restore"): not words to translate. */
const BACKUP_COMMAND = "npm run backup -- backup.zip";
const RESTORE_COMMAND = "npm run restore -- backup.zip";

export function BackupInstructions() {
  const { t } = useT();
  return (
    <>
      <p>{t("archive.backupText")}</p>
      <dl className="commands">
        <div>
          <dt>{t("archive.backUp")}</dt>
          <dd>
            <code>{BACKUP_COMMAND}</code>
          </dd>
        </div>
        <div>
          <dt>{t("archive.restore")}</dt>
          <dd>
            <code>{RESTORE_COMMAND}</code>
          </dd>
        </div>
      </dl>
      <p className="hint">{t("archive.restoreHint")}</p>
      <p>{t("archive.exportAllText")}</p>
      <ExportArchive scope="all" action={t("archive.exportAll")} />
    </>
  );
}
