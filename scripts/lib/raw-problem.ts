/**
 * A problem+json answer written straight onto a socket, as HTTP/1.1 text, for what is answered
 * before (or instead of) Node's HTTP response: a request its parser refused (http-server.ts) and a
 * WebSocket handshake refused (live-server.ts). Ends the connection after it.
 */
import { problemResponse, STATUS_TITLES } from "../../functions/lib/problem.ts";

/** The whole HTTP/1.1 answer for `error` (problemResponse's status, headers and body), with `Connection: close`. */
export function rawProblem(error: unknown): { status: number; text: string } {
  const problem = problemResponse(error);
  const headers = {
    ...problem.headers,
    "content-length": String(Buffer.byteLength(problem.body)),
    connection: "close",
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return {
    status: problem.statusCode,
    text: `HTTP/1.1 ${problem.statusCode} ${STATUS_TITLES[problem.statusCode]}\r\n${head.join("")}\r\n${problem.body}`,
  };
}
