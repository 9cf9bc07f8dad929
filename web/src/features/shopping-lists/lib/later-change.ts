/**
 * Whose tick stands when a tick made offline meets another member's change to the same item: the
 * rule the waiting changes follow (api/offline-queue.ts), from the contract (CONTRACT.md, households:
 * items).
 *
 * - A tick is a PUT of `checked` alone, and the API changes only the fields a PUT names: another
 *   member's change of the amount or the name never meets a tick. Both stay, and nothing is said.
 * - On one field the later request wins. A tick that waited offline is always the later request when
 *   it finally goes out, so sent as it is it would undo, without a word to anyone, what another
 *   member decided about `checked` after the person had ticked: the person ticks Milk in the
 *   basement, sam at home ticks it and unticks it again (not needed after all), and the basement's
 *   tick, arriving last, would put it back. The app applies the contract's rule to when the changes
 *   were made, which the API cannot know of a change that waited: the later one stands. So a change
 *   that waited is not sent when the API's copy shows that another member changed `checked` after the
 *   person's change was made, and the person is told ("“Milk” was unticked by sam while you were
 *   offline"). A change made after theirs, or one that agrees with it, is sent as before.
 *
 * What an item tells is per item, not per field (one `version`, `updated_by`, `updated_at`), so the
 * app is sure that another member changed `checked` only when nothing else of the item changed since
 * the person saw it: `version` grew (a PUT that changes nothing leaves it), the name and amounts are
 * as they were, and `checked` is not what the person wanted. If the amounts changed too, which of
 * the changes were to `checked` cannot be known, and the contract's order decides (the tick is sent).
 * "After" compares the API's `updated_at` with the device's clock when the change was made (phones
 * keep network time); a change of the other member's that itself waited offline counts from when it
 * reached the API.
 */
import type { Item } from "./list.ts";

/** What the person saw of an item when they ticked it (kept with the waiting change). */
export type SeenItem = Pick<Item, "version" | "checked" | "amount_grams" | "amount_readable">;

/** A tick or untick as the queue keeps it: what the person wanted, of what they saw, and when. */
export type MadeCheck = { checked: boolean; name?: string; seen?: SeenItem; madeAt?: number };

export const seenOf = ({ version, checked, amount_grams, amount_readable }: Item): SeenItem => ({
  version,
  checked,
  amount_grams,
  amount_readable,
});

/**
 * The member whose change to `checked`, made after the person's change, stands instead of it (see
 * above), or null when the person's change is to be sent. `now` is the item as the API has it now;
 * `viewerId` the person (their own changes, from any device, are theirs to order by the API).
 */
export function laterChangeBy(
  change: MadeCheck,
  now: Item,
  viewerId: number | null,
): NonNullable<Item["updated_by"]> | null {
  const { seen, madeAt } = change;
  // Kept by an older version of the app, without what the person saw: the contract's order.
  if (seen === undefined || madeAt === undefined) return null;
  if (now.checked === change.checked || now.version <= seen.version) return null;
  const by = now.updated_by;
  if (by === null || by.user_id === viewerId) return null;
  const onlyChecked =
    now.amount_grams === seen.amount_grams &&
    now.amount_readable === seen.amount_readable &&
    (change.name === undefined || now.name === change.name);
  if (!onlyChecked) return null;
  return Date.parse(now.updated_at) > madeAt ? by : null;
}
