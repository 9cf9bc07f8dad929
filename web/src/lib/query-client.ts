import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors.ts";

/** Client errors (4xx) are answers, not hiccups: retrying them only delays the message. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
      },
    },
  });
}

/**
 * A request that could not reach the API while the browser itself says it is offline: the query
 * layer is told so, and what waits (the changes kept offline) goes on at the browser's "online" event
 * instead of at the end of a growing back-off. TanStack Query starts every page "online" and only
 * follows the online/offline events (navigator.onLine can be wrong the other way, so it is not read
 * at start); after a reload without a connection, a failed request is the first sign.
 */
export function noticeOffline(error: unknown) {
  if (error instanceof ApiError && error.unreachable && globalThis.navigator?.onLine === false) {
    onlineManager.setOnline(false);
  }
}
