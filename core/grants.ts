/**
 * What the running route's line in functions/routes.ts lets it reach: S3 actions and the public
 * internet. In AWS the function's role and network enforce them; the storage client and the fetcher
 * enforce the same here, so a route whose line lacks a need fails its own tests, not a deploy.
 * Outside a route (scripts, seeding, tests calling services) everything is open.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type Grants = { storage: ReadonlySet<string>; internet: boolean };

const running = new AsyncLocalStorage<Grants>();

export function withGrants<T>(grants: Grants, run: () => Promise<T>): Promise<T> {
  return running.run(grants, run);
}

/** The running route's grants; undefined outside a route. */
export const currentGrants = (): Grants | undefined => running.getStore();

/** The error a missing grant gives, named as AWS names it. */
export function accessDenied(what: string): Error {
  const denied = new Error(`AccessDenied: ${what}; give the route what it needs in functions/routes.ts.`);
  denied.name = "AccessDenied";
  return denied;
}
