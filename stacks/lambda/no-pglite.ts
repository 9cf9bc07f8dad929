/**
 * Stands in for `@electric-sql/pglite` and `kysely-pglite-dialect` in Lambda bundles (see
 * stacks/bundle.ts): the functions always get DATABASE_URL, so the embedded database never runs.
 */
const unavailable = (): never => {
  throw new Error("The embedded database is not bundled into Lambda functions: set DATABASE_URL.");
};

export const types = { INT8: 20, NUMERIC: 1700 } as const;

export class PGlite {
  constructor(..._args: unknown[]) {
    unavailable();
  }
}

export class PGliteDialect {
  constructor(..._args: unknown[]) {
    unavailable();
  }
}
