/** Log in with a username or email; afterwards back to the page that asked (`?redirect=`). */
import { Link, useSearch } from "@tanstack/react-router";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { auth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useLogIn } from "../api/sign-in.ts";

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
      <p>
        New here?{" "}
        <Link to="/signup" search={{ redirect }}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
