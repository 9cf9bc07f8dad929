/**
 * Setting a new password with a reset link's code (CONTRACT.md: users, `POST
 * /users/<user_id>/password-reset`): the code is the request's bearer credential, good for this one
 * request. It goes through a client of its own, without the session's token and renewal
 * (lib/api/client.ts): a 401 here means the link is used up, never that a session should be renewed.
 */
import createClient from "openapi-fetch";
import { call } from "../../../lib/api/client.ts";
import { API_URL } from "../../../lib/api/origin.ts";
import type { paths } from "../../../lib/api/schema";

const withCode = createClient<paths, "application/json" | "application/problem+json">({ baseUrl: API_URL });

/** What a reset link's code looks like; anything else is not worth sending. */
export const isResetCode = (code: string): boolean => /^reset_[A-Za-z0-9_-]{20,200}$/.test(code);

export const setPasswordWithCode = (code: string, newPassword: string) =>
  call(
    withCode.PUT("/api/v1/users/password", {
      headers: { Authorization: `Bearer ${code}` },
      body: { new_password: newPassword },
    }),
  );
