/**
 * The live API's messages and close codes (CONTRACT.md: Live updates), declared once: the server side
 * (core/live, scripts/lib/live-server.ts) and the web app
 * (web/src/features/shopping-lists/api/live-socket.ts) take them from here. It imports nothing, so
 * the web's type check reads it as it is; a list item is the `Item` type parameter (the API's
 * ShoppingListItemRead).
 */

/** What changed on a list: an item as it is now, an item gone, or the list itself (read it again). */
export type ListChange<Item = unknown> =
  | { type: "item"; item: Item }
  | { type: "item_removed"; item_id: number }
  | { type: "list"; deleted: boolean };

/** A change as a subscriber hears it: the change and the list it is on. */
export type ListChangeMessage<Item = unknown> = ListChange<Item> & { list_id: number };

/** The answer to a subscribe. */
export type LiveSubscribed = { type: "subscribed"; lists: number[] };

/** The answer to a message that was refused; `status` and `detail` as an HTTP route's problem would say. */
export type LiveError = { type: "error"; status: number; detail: string; errors?: unknown };

/** Every message the live API sends. */
export type LiveMessage<Item = unknown> = LiveSubscribed | LiveError | ListChangeMessage<Item>;

/** Close codes: the token the connection subscribed with expired; the socket broke the message rate. */
export const LIVE_CLOSE = { tokenExpired: 4001, policyViolation: 1008 } as const;
