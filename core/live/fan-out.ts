/**
 * After a list change has committed, tells every connection following the list what changed: one
 * statement reads them (with what the sharing rule needs), then one message per change goes to each
 * through the connections of this process (core/live/port.ts). The sharing rule is asked for every
 * connection every time: a connection whose user may no longer read the list (they left its
 * household, or it left theirs) hears only `list` (read it again: the read is then refused, so the
 * screen learns it lost the list) and follows it no more; a connection whose token has expired is
 * closed (4001) instead, and one that is gone is forgotten.
 */
import { afterCommit, type Db } from "../db.ts";
import { mayUse } from "../household/access.ts";
import { logger } from "../log.ts";
import type { ShoppingListItemRead } from "../shopping-list/schemas.ts";
import { liveConnections, TOKEN_EXPIRED_CODE } from "./port.ts";
import { deleteConnections, deleteSubscriptions, selectSubscribers } from "./repository.ts";

/** What changed on a list, as its subscribers hear it (CONTRACT.md: Live updates). */
export type ListChange =
  | { type: "item"; item: ShoppingListItemRead }
  | { type: "item_removed"; item_id: number }
  | { type: "list"; deleted: boolean };

/** The list as the change left it (as it was, when deleted): who made it, which household shares it. */
export type ChangedList = { id: number; user_id: number; household_id: number | null };

/** The message a subscriber receives for one change. */
function changeMessage(listId: number, change: ListChange): string {
  switch (change.type) {
    case "item":
      return JSON.stringify({ type: "item", list_id: listId, item: change.item });
    case "item_removed":
      return JSON.stringify({ type: "item_removed", list_id: listId, item_id: change.item_id });
    case "list":
      return JSON.stringify({ type: "list", list_id: listId, deleted: change.deleted });
  }
}

/**
 * Tells the list's subscribers about `changes`, committed (call it from afterCommit); only the
 * connections of `onlyUserId` when it is given.
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
  const messages = changes.map((change) => changeMessage(list.id, change));
  const lost = changeMessage(list.id, { type: "list", deleted: false });
  const gone: string[] = [];
  const refused: string[] = [];
  await Promise.all(
    subscribers.map(async (subscriber) => {
      const id = subscriber.connection_id;
      try {
        if (subscriber.expired) {
          await connections.close(id, TOKEN_EXPIRED_CODE, "Token expired.");
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
        for (const message of messages) {
          if (!(await connections.post(id, message))) {
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

/**
 * After the transaction commits, tells the followers of each list that it changed (or is gone) as a
 * side effect of a change elsewhere (an ingredient, recipe, store, household or user deleted or
 * merged): they read it again. Call inside the transaction.
 */
export function announceLists(db: Db, lists: readonly ChangedList[], deleted = false): void {
  for (const list of lists) afterCommit(() => fanOut(db, list, [{ type: "list", deleted }]));
}

/**
 * After the transaction commits, tells the connections of `userId` alone that they lost the lists
 * (a member who left the household they are shared with): they hear `list`, read it, are refused,
 * and follow it no more, at once rather than at the list's next change.
 */
export function announceLoss(db: Db, lists: readonly ChangedList[], userId: number): void {
  for (const list of lists) afterCommit(() => fanOut(db, list, [{ type: "list", deleted: false }], userId));
}
