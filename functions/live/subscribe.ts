import { getDb } from "../../core/db.ts";
import { subscribe } from "../../core/live/service.ts";
import { liveEndpoint } from "./endpoint.ts";

/**
 * `subscribe` (and `$default`: any other message): `{"action": "subscribe", "token", "lists"}` →
 * `{"type": "subscribed", "lists"}`, or `{"type": "error", "status", "detail"}` naming what was
 * refused (401 token, 404/403 the first list refused, 400/422 a message that is not a subscribe).
 */
export const handler = liveEndpoint("live/subscribe", { replies: true }, async (event) => {
  const body =
    event.isBase64Encoded && event.body ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  return JSON.stringify(await subscribe(getDb(), event.requestContext.connectionId, body));
});
