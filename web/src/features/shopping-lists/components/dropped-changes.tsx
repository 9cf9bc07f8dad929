import { dismissDropped, useDroppedChanges } from "../api/dropped-changes.ts";
import "./live.css";

/**
 * The changes of this device to a list that were dropped because what they changed was deleted
 * elsewhere (a tick of an item someone removed meanwhile), each until the person has read it. The
 * region is always there, empty or not, so a screen reader announces what appears in it.
 */
export function DroppedChanges({ listId }: { listId: number }) {
  const dropped = useDroppedChanges(listId);
  return (
    <div className="sl-dropped" role="status">
      {dropped.map((d) => (
        <p key={d.id} className="sl-dropped-notice notice-bar">
          <span>{d.text}</span>
          <button type="button" className="button button-quiet" onClick={() => dismissDropped(d.id)}>
            OK<span className="visually-hidden">, {d.text}</span>
          </button>
        </p>
      ))}
    </div>
  );
}
