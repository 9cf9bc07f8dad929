/** Sign up, then log straight in with the same credentials. */
import { Link, useSearch } from "@tanstack/react-router";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "../../../lib/passwords.ts";
import { useSignUp } from "../api/sign-in.ts";

export function SignupPage() {
  const { redirect } = useSearch({ from: "/signup" });
  const signup = useSignUp(redirect);
  useDocumentTitle("Sign up");
  const error = signup.error;

  return (
    <div className="page narrow">
      <h1>Create an account</h1>
      {redirect?.startsWith("/join/") && (
        <p className="notice">You were invited to a household: create an account, then join it.</p>
      )}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          signup.mutate({
            username: String(form.get("username")).trim(),
            email: String(form.get("email")).trim(),
            password: String(form.get("password")),
          });
        }}
      >
        {signup.isError && (
          <p className="notice notice-error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          required
          minLength={3}
          maxLength={32}
          hint="3 to 32 characters: letters, digits, dot, dash or underscore."
          error={fieldError(error, "username")}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={fieldError(error, "email")}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={PASSWORD_HINT}
          error={fieldError(error, "password")}
        />
        <button type="submit" className="button button-large" disabled={signup.isPending}>
          {signup.isPending ? "Creating your account…" : "Sign up"}
        </button>
      </form>
      <p>
        Already have an account?{" "}
        <Link to="/login" search={{ redirect }}>
          Log in
        </Link>
      </p>
    </div>
  );
}
