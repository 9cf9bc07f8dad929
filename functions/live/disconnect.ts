import { getDb } from "../../core/db.ts";
import { closeConnection } from "../../core/live/service.ts";
import { liveEndpoint } from "./endpoint.ts";

/** `$disconnect`: the connection and what it followed are forgotten. */
export const handler = liveEndpoint("live/disconnect", { replies: false }, async (event) => {
  await closeConnection(getDb(), event.requestContext.connectionId);
  return undefined;
});
