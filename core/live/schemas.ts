/** What a client sends the live API, and what it answers (CONTRACT.md: Live updates). */
import * as z from "zod/mini";
import { RowId } from "../ids.ts";

/** `{"action": "subscribe", "token": "<access token>", "lists": [5, 6]}`. */
export const LiveSubscribe = z.strictObject({
  action: z.literal("subscribe", { error: "Must be 'subscribe'." }),
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  lists: z.array(RowId).check(z.minLength(1), z.maxLength(100)),
});
export type LiveSubscribe = z.infer<typeof LiveSubscribe>;

export type LiveSubscribed = { type: "subscribed"; lists: number[] };

/** The answer to a message that was refused; `status` and `detail` as an HTTP route's problem would say. */
export type LiveError = { type: "error"; status: number; detail: string; errors?: unknown };
