/**
 * The app's first module (main.tsx imports it before anything else). Zod compiles object parsers with
 * `new Function` when it can; the Content-Security-Policy forbids eval (web/security-headers.ts),
 * and even zod's probe for it, though caught, is reported as a violation. Jitless, zod never tries.
 *
 * Zod keeps its settings on this global (one object for every copy of zod in a page) and adopts
 * what it finds there; setting it directly, rather than with zod's `config()`, keeps zod out of the
 * first chunk (4 KB gzipped more on every page). e2e/security-headers.spec.ts fails if zod stops
 * reading it (the account page's forms then report the probe).
 */
import type { $ZodConfig } from "zod/v4/core";

const scope = globalThis as { __zod_globalConfig?: $ZodConfig };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
