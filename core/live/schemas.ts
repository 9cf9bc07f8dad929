/** What a client sends the live API (CONTRACT.md: Live updates); what it answers is in messages.ts. */
import * as z from "zod/mini";
import { RowId } from "../ids.ts";

/** `{"action": "subscribe", "token": "<access token>", "lists": [5, 6]}`. */
export const LiveSubscribe = z.strictObject({
  action: z.literal("subscribe", { error: "Must be 'subscribe'." }),
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  lists: z.array(RowId).check(z.minLength(1), z.maxLength(100)),
});
export type LiveSubscribe = z.infer<typeof LiveSubscribe>;
