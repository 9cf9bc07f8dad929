import { authenticate } from "../../core/authenticate.ts";
import { getDb } from "../../core/db.ts";
import { BadRequest, Invalid, Unauthenticated } from "../../core/errors.ts";
import { LiveSubscribe } from "../../core/live/schemas.ts";
import { subscribe } from "../../core/live/service.ts";
import { checkListsAccess } from "../../core/shopping-list/service.ts";
import { type LiveEvent, type LiveMiddleware, liveEndpoint } from "./endpoint.ts";

/** A message event once `subscribeMessage` has read it. */
type SubscribeEvent = LiveEvent & { message: LiveSubscribe };

/** `{"action": "subscribe", …}` whose `token` is missing, null or empty. */
function isSubscribeWithoutToken(message: unknown): boolean {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { action, token } = message as { action?: unknown; token?: unknown };
  return action === "subscribe" && (token === undefined || token === null || token === "");
}

/**
 * Reads the message (as API Gateway passes it: text, or base64) as JSON checked against
 * LiveSubscribe into `event.message`: 400 when it is not JSON, 401 when a subscribe names no token
 * (like any request without one), 422 when it is not a subscribe.
 */
function subscribeMessage(): LiveMiddleware<SubscribeEvent> {
  return {
    before: ({ event }) => {
      const text =
        event.isBase64Encoded && event.body ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
      let message: unknown;
      try {
        message = JSON.parse(text ?? "");
      } catch {
        throw BadRequest("Message is not valid JSON.");
      }
      if (isSubscribeWithoutToken(message)) throw Unauthenticated();
      const parsed = LiveSubscribe.safeParse(message);
      if (!parsed.success) {
        throw Invalid(
          'Message is invalid: send {"action": "subscribe", "token": "<access token>", "lists": [<list id>, …]}.',
          parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
        );
      }
      event.message = parsed.data;
    },
  };
}

/**
 * `subscribe` (and `$default`: any other message): `{"action": "subscribe", "token", "lists"}` →
 * `{"type": "subscribed", "lists"}`, or `{"type": "error", "status", "detail"}` naming what was
 * refused (401 token, 404/403 the first list refused, then none of them, 400/422 a message that is
 * not a subscribe, 429 too many connections of the user).
 */
export const handler = liveEndpoint(
  "live/subscribe",
  { replies: true, use: [subscribeMessage()] },
  async ({ message, requestContext }: SubscribeEvent) => {
    const db = getDb();
    const caller = await authenticate(db, message.token);
    const lists = [...new Set(message.lists)];
    await checkListsAccess(db, lists, caller);
    return JSON.stringify(await subscribe(db, requestContext.connectionId, caller, message.token, lists));
  },
);
