/** Sign up, then log straight in with the same credentials. */
import { useMutation } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { createAccount, requestToken } from "../api/queries.ts";
import { useFinishSignIn } from "../components/use-finish-sign-in.ts";

export function SignupPage() {
  const { redirect } = useSearch({ from: "/signup" });
  const finish = useFinishSignIn(redirect);
  const signup = useMutation({
    mutationFn: async (form: FormData) => {
      const account = {
        username: String(form.get("username")).trim(),
        email: String(form.get("email")).trim(),
        password: String(form.get("password")),
      };
      await createAccount(account);
      return requestToken(account.username, account.password);
    },
    onSuccess: (token) => finish(token.access_token),
  });
  useDocumentTitle("Sign up");
  const error = signup.error;

  return (
    <div className="page narrow">
      <h1>Create an account</h1>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          signup.mutate(new FormData(event.currentTarget));
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
          minLength={8}
          hint="At least 8 characters."
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
