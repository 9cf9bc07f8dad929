/**
 * The typed API client, generated from the API's own OpenAPI document (`npm run api-client` at the
 * repository root writes schema.d.ts; CI fails when it is stale). Every request carries the session's
 * token; a 401 to a request that sent one ends the session (it expired or was revoked).
 */
import createClient, { type Middleware } from "openapi-fetch";
import { auth } from "../auth.ts";
import { ApiError, toApiError, UNREACHABLE_MESSAGE } from "../errors.ts";
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];

/** The API's origin; empty in development and wherever the site and the API share one origin. */
export const API_URL = (import.meta.env.VITE_API_URL ?? "").replace(/\/+$/, "");

const session: Middleware = {
  onRequest({ request }) {
    // Logging in never carries the session's token: after a password change that token is refused,
    // and the 401 would end the session the new log-in is about to replace.
    if (new URL(request.url).pathname.endsWith("/auth/token")) return request;
    // A waiting change brings the token it was cleared to go with (auth.nextToken): never replaced by
    // another, nor dropped because that one ran out a moment later (a 401 keeps it waiting instead).
    if (request.headers.has("Authorization")) return request;
    const token = auth.token();
    if (token) request.headers.set("Authorization", `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status !== 401 || !request.headers.has("Authorization")) return response;
    auth.expire();
    // Reads are public: ask again as a visitor, so the page still shows while the person is asked
    // to log in again. A write keeps its 401 (its form shows the sentence).
    if (request.method !== "GET") return response;
    const anonymous = new Request(request);
    anonymous.headers.delete("Authorization");
    return fetch(anonymous);
  },
};

// Typed by the JSON answers: a route's other media types (a recipe as JSON-LD) are asked for with
// `parseAs: "text"` and typed where they are read.
export const api = createClient<paths, "application/json" | "application/problem+json">({ baseUrl: API_URL });
api.use(session);

type Answer<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError whose message is the
 * problem's `detail` (or a plain sentence when the service could not be reached).
 */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await request;
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE); // fetch() itself failed: no network, no server
  }
  if (!answer.response.ok) throw toApiError(answer.response.status, answer.error);
  return answer.data as T;
}
