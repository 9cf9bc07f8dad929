import { MethodNotAllowed, NotFound } from "../../core/errors.ts";
import { corsPreflight } from "./cors.ts";
import { type HttpResponse, problemResponse } from "./problem.ts";

/** The answer for a request no route takes: the same on the local server and behind API Gateway. */
export function unmatched(method: string, path: string, allow: string[]): HttpResponse {
  if (method === "OPTIONS" && allow.length) return corsPreflight(allow);
  const error = allow.length ? MethodNotAllowed(method, allow) : NotFound(`Route '${path}' was not found.`);
  return problemResponse(error).response;
}
