/**
 * What the running route's line in functions/routes.ts lets it reach: S3 actions, the public
 * internet and the live API's connections. In AWS the function's role bounds its S3 actions too; the
 * storage client, the fetcher and the publisher of list changes enforce them everywhere, so a route whose line lacks a need fails its own tests, not a deploy.
 * Outside a route (scripts, seeding, tests calling services) everything is open.
 *
 * Locally one process serves every route, requests interleaved, so the grants travel with each
 * request (AsyncLocalStorage). A Lambda process serves one route, one request at a time: there the
 * grants are simply the process's, because AsyncLocalStorage.run turns on Node 22's promise hooks,
 * a cost on every promise of every later request.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "./config.ts";

/** S3 actions, the public internet, and telling live followers of list changes (core/live/list-changes.ts). */
export type Grants = { storage: ReadonlySet<string>; internet: boolean; live: boolean };

const running = new AsyncLocalStorage<Grants>();
let lambdaGrants: Grants | undefined;

export function withGrants<T>(grants: Grants, run: () => Promise<T>): Promise<T> {
  if (!config.inLambda) return running.run(grants, run);
  lambdaGrants = grants;
  return run();
}

/** The running route's grants; undefined outside a route. */
export const currentGrants = (): Grants | undefined => (config.inLambda ? lambdaGrants : running.getStore());

/** The error a missing grant gives, named as AWS names it. */
export function accessDenied(what: string): Error {
  const denied = new Error(`AccessDenied: ${what}; give the route what it needs in functions/routes.ts.`);
  denied.name = "AccessDenied";
  return denied;
}
