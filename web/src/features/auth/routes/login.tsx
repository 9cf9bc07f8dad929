/** Log in with a username or email; afterwards back to the page that asked (`?redirect=`). */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { auth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { providerQueries, useLogIn } from "../api/sign-in.ts";
import { beginSignIn } from "../lib/oidc.ts";

export function LoginPage() {
  const { redirect, expired } = useSearch({ from: "/login" });
  const login = useLogIn(redirect);
  useDocumentTitle("Log in");

  return (
    <div className="page narrow">
      <h1>Log in</h1>
      {redirect?.startsWith("/join/") && (
        <p className="notice">You were invited to a household: log in (or create an account) to join it.</p>
      )}
      {expired && !login.isError && (
        <p className="notice" role="status">
          Your session has expired. Log in again to continue where you were.
        </p>
      )}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          auth.acknowledgeExpiry();
          const form = new FormData(event.currentTarget);
          login.mutate({ username: String(form.get("username")), password: String(form.get("password")) });
        }}
      >
        {login.isError && (
          <p className="notice notice-error" role="alert">
            {errorMessage(login.error)}
          </p>
        )}
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          required
          autoCapitalize="none"
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="button button-large" disabled={login.isPending}>
          {login.isPending ? "Logging in…" : "Log in"}
        </button>
      </form>
      <ProviderSignIn redirect={redirect} />
      <p className="hint">
        Forgot your password? Your household’s admin can make you a link to choose a new one.
      </p>
      <p>
        New here?{" "}
        <Link to="/signup" search={{ redirect }}>
          Create an account
        </Link>
      </p>
    </div>
  );
}

/**
 * "Sign in with <name>" when the service has an OpenID Connect provider: the browser goes to the
 * provider and comes back to /login/callback. Nothing shows when there is none, or the list fails
 * (the password form still works).
 */
function ProviderSignIn({ redirect }: { redirect: string | undefined }) {
  const providers = useQuery(providerQueries.list());
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const provider = providers.data?.items[0];
  if (!provider) return null;
  return (
    <div className="form">
      {failed && (
        <p className="notice notice-error" role="alert">
          This browser cannot start the sign-in. Try another browser, or log in with your password.
        </p>
      )}
      <button
        type="button"
        className="button button-large"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          beginSignIn(provider, redirect).then(
            (url) => window.location.assign(url),
            () => {
              setLeaving(false);
              setFailed(true);
            },
          );
        }}
      >
        {leaving ? `Going to ${provider.name}…` : `Sign in with ${provider.name}`}
      </button>
    </div>
  );
}
