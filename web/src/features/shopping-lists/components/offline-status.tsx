import { useOnline, useWaitingChanges } from "../../../lib/offline.ts";

/**
 * "offline — N changes waiting" while there is no connection or changes have not reached the API;
 * nothing once everything is sent.
 */
export function OfflineStatus() {
  const { count: waiting, unreachable } = useWaitingChanges();
  const online = useOnline() && !unreachable;
  const changes = `${waiting} ${waiting === 1 ? "change" : "changes"}`;
  const text = !online ? `Offline — ${changes} waiting` : waiting > 0 ? `Sending ${changes}…` : null;
  return (
    <p className="offline-status" role="status" data-offline={!online || undefined} hidden={text === null}>
      {text}
    </p>
  );
}
