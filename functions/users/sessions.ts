import * as z from "zod/mini";
import { getDb } from "../../core/db.ts";
import { listSessions } from "../../core/session/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const SessionRead = z.object({
  id: z.number().check(z.int()),
  created_at: z.date(),
  last_used_at: z.date(),
  expires_at: z.date(),
  user_agent: z.nullable(z.string()),
  via: z.enum(["password", "oidc"]),
  current: z.boolean(),
});

export const SessionList = z.object({ items: z.array(SessionRead) });

export const handler = endpoint("users/sessions", {
  summary: "My sessions",
  description:
    "The devices signed in to the caller's account, newest use first (`last_used_at`: the last login " +
    "or refresh); `current` is the one this request came with. Each ends when it goes `expires_at` " +
    "without a refresh.",
  response: { status: 200, schema: SessionList, description: "The sessions." },
  errors: [],
  handle: async ({ caller }) => ok(await listSessions(getDb(), caller)),
});
