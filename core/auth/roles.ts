/**
 * The roles (CONTRACT.md: Roles and access): what a caller may do beyond being signed in. Declared
 * here, with who is calling (caller.ts); the users' schemas and table take it from here.
 */
import * as z from "zod/mini";

export const Role = z.enum(["user", "admin"]);
export type Role = z.infer<typeof Role>;
