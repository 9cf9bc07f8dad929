/**
 * The live API's messages and close codes as the server declares them (core/live/messages.ts), the
 * way lib/api/schema.d.ts is the HTTP API's: types only, so nothing of the server is bundled.
 */
export type { LIVE_CLOSE, ListChangeMessage, LiveMessage } from "../../../../core/live/messages.ts";
