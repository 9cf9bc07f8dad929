/** Request and response shapes of API tokens (CONTRACT.md: users, `/users/me/tokens`). */
import * as z from "zod/mini";
import { API_TOKEN_SCOPES } from "./table.ts";

export const ApiTokenCreate = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  scope: z.enum(API_TOKEN_SCOPES, { error: "Must be 'read' or 'write'." }),
  expires_in_days: z.optional(z.number().check(z.int(), z.gte(1), z.lte(730))),
});
export type ApiTokenCreate = z.infer<typeof ApiTokenCreate>;

export const ApiTokenRead = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.date(),
  last_used_at: z.nullable(z.date()),
  expires_at: z.nullable(z.date()),
});

/** The row, and the token itself: shown this once, never again. */
export const ApiTokenCreated = z.object({ ...ApiTokenRead.shape, token: z.string() });

export const ApiTokenList = z.object({ items: z.array(ApiTokenRead) });
