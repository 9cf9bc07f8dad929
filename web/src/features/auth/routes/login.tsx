/** Log in with a username or email; afterwards back to the page that asked (`?redirect=`). */
import { useMutation } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { auth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { requestToken } from "../api/queries.ts";
import { useFinishSignIn } from "../components/use-finish-sign-in.ts";

export function LoginPage() {
  const { redirect, expired } = useSearch({ from: "/login" });
  const finish = useFinishSignIn(redirect);
  const login = useMutation({
    mutationFn: (form: FormData) => requestToken(String(form.get("username")), String(form.get("password"))),
    onSuccess: (token) => finish(token.access_token),
  });
  useDocumentTitle("Log in");

  return (
    <div className="page narrow">
      <h1>Log in</h1>
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
          login.mutate(new FormData(event.currentTarget));
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
