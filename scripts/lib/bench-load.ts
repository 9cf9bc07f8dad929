/**
 * The benchmark's load generator, run as a child process so that it does not share the server's
 * event loop or CPU account: autocannon's API with each connection cycling through the scenario's
 * requests in order, and each request through its list of paths, so a scenario can mix routes
 * (90 % reads, 10 % writes) and spread writes over many recipes. Prints autocannon's result as JSON.
 * Argument: the scenario as JSON ({ url, connections, seconds, requests }).
 */
import { createRequire } from "node:module";

// autocannon ships no types; this is the one call used.
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: Record<string, unknown>,
) => Promise<unknown>;

export type LoadRequest = {
  method: "GET" | "POST" | "PUT";
  /** Taken in turn, one per request sent. */
  paths: string[];
  body?: string;
  headers?: Record<string, string>;
};
export type LoadSpec = { url: string; connections: number; seconds: number; requests: LoadRequest[] };

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
const turns = spec.requests.map(() => 0);

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: spec.requests.map((request, index) => ({
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    setupRequest: (req: Record<string, unknown>) => {
      const turn = turns[index] ?? 0;
      turns[index] = turn + 1;
      return { ...req, path: new URL(spec.url).pathname + request.paths[turn % request.paths.length] };
    },
  })),
});
process.stdout.write(JSON.stringify(result));
