import { QueryClient } from "@tanstack/react-query";
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
