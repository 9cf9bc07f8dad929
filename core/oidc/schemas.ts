/** Response shapes of `GET /auth/providers` (CONTRACT.md: Authentication, "Signing in with another account"). */
import * as z from "zod/mini";

/** Where the app sends the browser to sign in with the provider, and what it asks for. */
export const ProviderRead = z.object({
  id: z.string(),
  name: z.string(),
  authorization_endpoint: z.string(),
  client_id: z.string(),
  /** Space-separated, as the authorization request's `scope` takes them. */
  scopes: z.string(),
});

export const ProviderList = z.object({ items: z.array(ProviderRead) });
