/**
 * Headers every response carries. CORS allows the frontend's origin (FRONTEND_URL) only: the
 * allow headers are sent when the request's Origin is that one, and `Vary: Origin` always, so a
 * cache never hands one origin's answer to another. In the cloud too: the stack leaves CORS to the handlers.
 */
import { config } from "../../core/config.ts";
import type { HttpResponse } from "./http-response.ts";

/** No browser may guess a content type other than the one sent (a JSON body read as HTML...). */
export const NOSNIFF = { "x-content-type-options": "nosniff" } as const;

/**
 * The default for API answers: they are per caller (tokens, personal data, the latest rows), so no
 * cache keeps them unless a handler says otherwise (the docs page does).
 */
export const NO_STORE = { "cache-control": "no-store" } as const;

/** The request's Origin header, whatever its case. */
export const originOf = (headers: Record<string, string | undefined> | undefined): string | undefined =>
  Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "origin")?.[1];

export const corsHeaders = (origin: string | undefined): Record<string, string> => {
  const headers: Record<string, string> = { ...NOSNIFF, vary: "Origin" };
  if (origin === config.frontendUrl) {
    headers["access-control-allow-origin"] = config.frontendUrl;
    headers["access-control-expose-headers"] = "Location, Retry-After";
  }
  return headers;
};

export const corsPreflight = (allow: string[], origin: string | undefined): HttpResponse => ({
  statusCode: 204,
  headers: {
    ...corsHeaders(origin),
    ...(origin === config.frontendUrl
      ? {
          "access-control-allow-methods": [...allow, "OPTIONS"].join(", "),
          "access-control-allow-headers": "Authorization, Content-Type",
          "access-control-max-age": "600",
        }
      : {}),
  },
  body: "",
});
