import * as z from "zod/mini";
import { login } from "../../core/auth/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

/** The OAuth2 password form (or the same fields as JSON); `scope` and client fields are accepted and unused. */
export const TokenRequest = z.strictObject({
  username: z.string().check(z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  grant_type: z.optional(z.string()),
  scope: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
});

export const TokenRead = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().check(z.int()),
});

export const handler = endpoint("auth/token", {
  summary: "Log in",
  description:
    "OAuth2 password grant: `application/x-www-form-urlencoded` (`username`, `password`, optional " +
    "`grant_type=password`) or JSON `{username, password}`. `username` may be the email; case is ignored. " +
    "After 10 failed logins for one account from one client address within 15 minutes, or 100 from one " +
    "address for any accounts, attempts get 429 with Retry-After until the window passes.",
  body: TokenRequest,
  form: true,
  response: { status: 200, schema: TokenRead, description: "A bearer token valid for 30 minutes." },
  errors: ["bad_request", "unauthenticated", "invalid", "too_many_requests"],
  handle: async ({ body, clientAddress }) => ok(await login(getDb(), body, clientAddress)),
});
