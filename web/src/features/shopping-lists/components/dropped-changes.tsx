import { useT } from "../../../i18n/index.ts";
import { dismissDropped, useDroppedChanges } from "../api/dropped-changes.ts";
import "./live.css";

/**
 * The changes of this device to a list that were dropped because what they changed was deleted
 * elsewhere (a tick of an item someone removed meanwhile), each until the person has read it. The
 * region is always there, empty or not, so a screen reader announces what appears in it.
 */
export function DroppedChanges({ listId }: { listId: number }) {
  const { t } = useT();
  const dropped = useDroppedChanges(listId);
  return (
    <div className="sl-dropped" role="status">
      {dropped.map((d) => (
        <p key={d.id} className="sl-dropped-notice notice-bar">
          <span>{d.text}</span>
          <button
            type="button"
            className="button button-quiet"
            aria-label={t("shopping-lists.okNamed", { text: d.text })}
            onClick={() => dismissDropped(d.id)}
          >
            {t("shopping-lists.ok")}
          </button>
        </p>
      ))}
    </div>
  );
}
