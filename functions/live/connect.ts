import { getDb } from "../../core/db.ts";
import { openConnection } from "../../core/live/service.ts";
import { liveEndpoint } from "./endpoint.ts";

/** `$connect`: the connection is recorded; it follows nothing until it subscribes (tokens never travel in a URL). */
export const handler = liveEndpoint("live/connect", { replies: false }, async (event) => {
  await openConnection(getDb(), event.requestContext.connectionId);
  return undefined;
});
