/**
 * The account page's archives: take one's recipes out (export) and bring recipes in (import an
 * archive); for an admin, how to back up and restore the whole instance.
 */
import { useAuth } from "../../../lib/auth.ts";
import "../archive.css";
import { BackupInstructions } from "./backup-instructions.tsx";
import { ExportArchive } from "./export-archive.tsx";
import { ImportArchive } from "./import-archive.tsx";

export function ArchiveSection() {
  const { session } = useAuth();
  return (
    <>
      <section aria-labelledby="export-heading" className="account-section archive">
        <h2 id="export-heading">Export my recipes</h2>
        <p>
          One zip file with your recipes and their pictures, your ingredients, stores and shelves, shopping
          lists and meal plan. Any instance of this service imports it, as yours or as another account's.
        </p>
        <ExportArchive scope="mine" action="Export my recipes" />
      </section>
      <section aria-labelledby="import-heading" className="account-section archive">
        <h2 id="import-heading">Import an archive</h2>
        <p>
          Everything in it becomes yours, with its pictures; ingredients you already have are used as they
          are.
        </p>
        <ImportArchive />
      </section>
      {session?.role === "admin" && (
        <section aria-labelledby="backup-heading" className="account-section archive">
          <h2 id="backup-heading">Back up everything</h2>
          <BackupInstructions />
        </section>
      )}
    </>
  );
}
