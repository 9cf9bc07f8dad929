import { ProviderList } from "../../core/oidc/schemas.ts";
import { listProviders } from "../../core/oidc/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("auth/providers", {
  summary: "Sign-in providers",
  description:
    "The OpenID Connect provider the app may sign in with (OIDC_ISSUER), or none: `items` is empty " +
    "when none is configured. The app sends the browser to `authorization_endpoint` with " +
    "`response_type=code`, `client_id`, `scope` (`scopes`), `state`, `nonce`, a PKCE `code_challenge` " +
    "(`S256`) and a `redirect_uri` that is a page of the web app (FRONTEND_URL, e.g. " +
    "`<FRONTEND_URL>/login/callback`), then exchanges the code at `POST /auth/token` " +
    "(`grant_type=authorization_code`). 503 when the provider does not answer its discovery document.",
  response: { status: 200, schema: ProviderList, description: "The providers (at most one)." },
  errors: ["unavailable"],
  handle: async () => ok(await listProviders()),
});
