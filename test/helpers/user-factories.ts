/** Helpers for the accounts tests: logging in and reading an account's row as stored. */
import { getDb } from "../../core/db.ts";
import { type ApiResponse, api } from "./api.ts";

/** `POST /auth/token` with JSON. */
export const loginJson = (username: string, password: string): Promise<ApiResponse> =>
  api("POST", "/auth/token", { json: { username, password } });

/** `POST /auth/token` with the OAuth2 password form. */
export const loginForm = (fields: Record<string, string>): Promise<ApiResponse> =>
  api("POST", "/auth/token", {
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

/** The stored row of an account, hash included, or undefined. */
export const userRow = (id: number) =>
  getDb().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
