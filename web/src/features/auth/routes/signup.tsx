/** Sign up, then log straight in with the same credentials. */
import { Link, useSearch } from "@tanstack/react-router";
import { LinkedText } from "../../../components/linked-text.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { MIN_PASSWORD_LENGTH, passwordHint } from "../../../lib/passwords.ts";
import { useSignUp } from "../api/sign-in.ts";

export function SignupPage() {
  const { redirect } = useSearch({ from: "/signup" });
  const { t } = useT();
  const signup = useSignUp(redirect);
  useDocumentTitle(t("common.signUp"));
  const error = signup.error;

  return (
    <div className="page narrow">
      <h1>{t("auth.createAccount")}</h1>
      {redirect?.startsWith("/join/") && <p className="notice">{t("auth.invitedSignUp")}</p>}
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
          label={t("common.username")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          required
          minLength={3}
          maxLength={32}
          hint={t("auth.usernameHint", { min: 3, max: 32 })}
          error={fieldError(error, "username")}
        />
        <TextField
          label={t("common.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={fieldError(error, "email")}
        />
        <TextField
          label={t("common.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={passwordHint()}
          error={fieldError(error, "password")}
        />
        <button type="submit" className="button button-large" disabled={signup.isPending}>
          {signup.isPending ? t("auth.creatingAccount") : t("common.signUp")}
        </button>
      </form>
      <p>
        <LinkedText
          text={t("auth.alreadyHaveAccount")}
          link={(words) => (
            <Link to="/login" search={{ redirect }}>
              {words}
            </Link>
          )}
        />
      </p>
    </div>
  );
}
