/**
 * How a secret the service hands out (a refresh token, an API token, an invitation code) is kept:
 * only its SHA-256, in hex. The secrets carry 128 bits or more of randomness, so a fast hash is
 * enough: nobody can guess one from its hash, and a lookup by hash is one index probe.
 */
import { createHash } from "node:crypto";

export const secretHash = (secret: string): string => createHash("sha256").update(secret).digest("hex");
