/**
 * The typed API client, generated from the API's own OpenAPI document (`npm run api-client` at the
 * repository root writes schema.d.ts; CI fails when it is stale). Every request carries the session's
 * token, renewed first when it is due (lib/auth.ts). A 401 to a request that sent one has the session
 * renewed and the request sent once more with the new token; only when the session has ended (the
 * refresh answered 401) does the 401 stand.
 */
import createClient, { type Middleware } from "openapi-fetch";
import { auth } from "../auth.ts";
import { type Action, ApiError, toApiError, UNREACHABLE_MESSAGE } from "../errors.ts";
import { API_URL } from "./origin.ts";
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];
export { API_URL };

/**
 * A copy of each request sent with a token, to send again after a refresh (the first one's body is
 * used up by then), and whether its token was the caller's own (a waiting change's, auth.nextToken).
 */
const sentWithToken = new Map<string, { copy: Request; own: boolean }>();

const bearer = (request: Request) => request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";

const session: Middleware = {
  async onRequest({ request, id }) {
    // Logging in and refreshing never carry the session's token: after a password change that
    // token is refused, and the 401 would end the session the new log-in is about to replace.
    if (new URL(request.url).pathname.endsWith("/auth/token")) return request;
    // A waiting change brings the token it was cleared to go with (auth.nextToken): never replaced.
    const own = request.headers.has("Authorization");
    if (!own) {
      const token = await auth.freshToken();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
    }
    if (!request.headers.has("Authorization")) return request;
    // The body is read once into bytes: the request goes out with them, and its copy can go again with
    // them after a refresh. (A clone would tee the body into streams, and a request sent with a stream
    // shows no body to the browser's own tools: Playwright's postData() was null.)
    const body = request.body ? await request.arrayBuffer() : null;
    const withBody = () => new Request(request, body ? { body } : {});
    sentWithToken.set(id, { copy: withBody(), own });
    return withBody();
  },
  async onResponse({ request, response, id, options }) {
    const sent = sentWithToken.get(id);
    sentWithToken.delete(id);
    if (response.status !== 401 || !sent) return response;
    const { copy, own } = sent;
    const token = await auth.renew(bearer(request));
    if (token) {
      copy.headers.set("Authorization", `Bearer ${token}`);
      return options.fetch(copy);
    }
    // The session has ended. Reads are public: the app's own reads ask again as a visitor, so the
    // page still shows while the person is asked to log in again. A write keeps its 401 (its form
    // shows the sentence), and so does a waiting change: it waits for the next log-in, never sent
    // without a token.
    if (own || request.method !== "GET" || auth.state().session) return response;
    copy.headers.delete("Authorization");
    return options.fetch(copy);
  },
  onError({ id }) {
    sentWithToken.delete(id);
  },
};

// Typed by the JSON answers: a route's other media types (a recipe as JSON-LD) are asked for with
// `parseAs: "text"` and typed where they are read.
export const api = createClient<paths, "application/json" | "application/problem+json">({ baseUrl: API_URL });
api.use(session);

type Answer<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError whose message is the
 * problem's `detail` (or a plain sentence when the service could not be reached). `action` names
 * what the app was doing where the status alone does not say what went wrong (lib/errors.ts).
 */
export async function call<T>(request: Promise<Answer<T>>, action?: Action): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await request;
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE); // fetch() itself failed: no network, no server
  }
  if (!answer.response.ok) {
    const retryAfter = answer.response.headers.get("Retry-After");
    throw toApiError(answer.response.status, answer.error, { retryAfter, action });
  }
  return answer.data as T;
}
