/**
 * An admin's "Back up everything": the whole instance (every account, recipe and picture) is backed
 * up and restored by the operator's commands (README, "Backup and restore"); an archive of everything
 * can also be written here, and `npm run restore` takes it too.
 */
import { ExportArchive } from "./export-archive.tsx";

export function BackupInstructions() {
  return (
    <>
      <p>
        On the server, in the service's folder and with its configuration, one command writes every table
        (accounts included) and every picture to a zip, and another puts it all back into an empty database
        and bucket, ids and timestamps as they were:
      </p>
      <dl className="commands">
        <div>
          <dt>Back up</dt>
          <dd>
            <code>npm run backup -- backup.zip</code>
          </dd>
        </div>
        <div>
          <dt>Restore</dt>
          <dd>
            <code>npm run restore -- backup.zip</code>
          </dd>
        </div>
      </dl>
      <p className="hint">
        The restore migrates the database first, refuses one that already holds rows, checks every file of the
        archive, and upgrades an archive of an older format.
      </p>
      <p>Or write an archive of everything from here, to keep or to restore with the same command:</p>
      <ExportArchive scope="all" action="Export everything" />
    </>
  );
}
