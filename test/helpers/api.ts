/**
 * Calls the API the way the local server does: through the route table, a real API Gateway v2
 * event and the full Middy pipeline of the route's Lambda handler.
 */
import { dispatch } from "../../functions/lib/local.ts";
import { checkResponse } from "./response-check.ts";

export type ApiResponse = {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  body: any;
  raw: Buffer;
};

export type ApiOptions = {
  token?: string;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string>;
};

/** `api("GET", "/recipes/1")`: the path is below /api/v1 unless it starts with /api/. */
export async function api(method: string, path: string, options: ApiOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  const url = path.startsWith("/api/") ? path : `/api/v1${path}`;
  const response = await dispatch({ method, url, headers, ...(body !== undefined ? { body } : {}) });
  const text = response.body.toString("utf8");
  const isJson = /json/.test(response.headers["content-type"] ?? "");
  const result: ApiResponse = {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
    raw: response.body,
  };
  // Every response is held to the API reference (see response-check.ts): a mismatch fails the test.
  await checkResponse(method, url, result);
  return result;
}

/** Asserts the contract's problem+json shape and returns the body. */
export function problem(response: ApiResponse, status: number): { detail: string; errors?: unknown[] } {
  if (response.status !== status || response.headers["content-type"] !== "application/problem+json") {
    throw new Error(`expected a ${status} problem, got ${response.status}: ${response.raw.toString("utf8")}`);
  }
  return response.body;
}

/**
 * Walks a list page by page, calling `between` after each page (to add rows while paging), and
 * returns every id served, in order.
 */
export async function collectPages(
  fetchPage: (
    cursor: string | null,
  ) => Promise<{ status: number; body: { items: { id: number }[]; next_cursor: string | null } }>,
  between: (page: number) => Promise<void> = async () => {},
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res = await fetchPage(cursor);
    if (res.status !== 200) throw new Error(`page ${page} answered ${res.status}`);
    ids.push(...res.body.items.map((item) => item.id));
    cursor = res.body.next_cursor;
    if (!cursor) return ids;
    await between(page);
  }
  throw new Error("pagination did not end");
}
