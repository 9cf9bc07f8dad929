/**
 * Who hears a list change, and telling them: after the change has committed, one statement reads the
 * connections following the list (with what the sharing rule needs), then one message per change
 * goes to each through the connections of this process (core/live/port.ts). The sharing rule is
 * asked for every connection every time: a connection whose user may no longer read the list (they
 * left its household, or it left theirs) hears only `list` (read it again: the read is then refused,
 * so the screen learns it lost the list) and follows it no more; a connection whose token has expired
 * is closed (4001) instead, and one that is gone is forgotten.
 *
 * What changed is the lists' business: core/shopping-list/changes.ts publishes it and calls fanOut
 * after the commit; nothing here knows a service.
 */
import type { Db } from "../db.ts";
import { mayUse } from "../household/access.ts";
import { logger } from "../log.ts";
import { LIVE_CLOSE, type ListChange, type ListChangeMessage } from "./messages.ts";
import { liveConnections } from "./port.ts";
import { deleteConnections, deleteSubscriptions, selectSubscribers } from "./repository.ts";

/** The list as the change left it (as it was, when deleted): who made it, which household shares it. */
export type ChangedList = { id: number; user_id: number; household_id: number | null };

const message = (listId: number, change: ListChange): string =>
  JSON.stringify({ ...change, list_id: listId } satisfies ListChangeMessage);

/**
 * Tells the list's subscribers about `changes`, committed; only the connections of `onlyUserId`
 * when it is given.
 */
export async function fanOut(
  db: Db,
  list: ChangedList,
  changes: readonly ListChange[],
  onlyUserId?: number,
): Promise<void> {
  const connections = liveConnections();
  if (!connections || changes.length === 0) return;
  const all = await selectSubscribers(db, list.id, list.household_id, connections.prefix);
  const subscribers = onlyUserId === undefined ? all : all.filter((s) => s.user_id === onlyUserId);
  const messages = changes.map((change) => message(list.id, change));
  const lost = message(list.id, { type: "list", deleted: false });
  const gone: string[] = [];
  const refused: string[] = [];
  await Promise.all(
    subscribers.map(async (subscriber) => {
      const id = subscriber.connection_id;
      try {
        if (subscriber.expired) {
          await connections.close(id, LIVE_CLOSE.tokenExpired, "Token expired.");
          gone.push(id);
          return;
        }
        if (
          !mayUse(
            { user_id: list.user_id, member: subscriber.member },
            { id: subscriber.user_id, role: subscriber.role },
          )
        ) {
          refused.push(id);
          await connections.post(id, lost);
          return;
        }
        for (const text of messages) {
          if (!(await connections.post(id, text))) {
            gone.push(id);
            return;
          }
        }
      } catch (error) {
        // One unreachable subscriber must not keep the others from hearing of the change.
        logger.error("live_post_failed", { list_id: list.id, message: (error as Error).message });
      }
    }),
  );
  await deleteConnections(db, gone);
  if (changes.some((change) => change.type === "list" && change.deleted))
    await deleteSubscriptions(db, list.id);
  else await deleteSubscriptions(db, list.id, refused);
}
