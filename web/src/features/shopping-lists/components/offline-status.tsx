import { useT } from "../../../i18n/index.ts";
import { useOnline, useWaitingChanges } from "../../../lib/offline.ts";

/**
 * "offline — N changes waiting" while there is no connection or changes have not reached the API;
 * nothing once everything is sent.
 */
export function OfflineStatus() {
  const { t } = useT();
  const { count: waiting, unreachable } = useWaitingChanges();
  const online = useOnline() && !unreachable;
  const text = !online
    ? t("shopping-lists.offlineWaiting", { count: waiting })
    : waiting > 0
      ? t("shopping-lists.sending", { count: waiting })
      : null;
  return (
    <p className="offline-status" role="status" data-offline={!online || undefined} hidden={text === null}>
      {text}
    </p>
  );
}
