/** Log in with a username or email; afterwards back to the page that asked (`?redirect=`). */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { LinkedText } from "../../../components/linked-text.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { auth } from "../../../lib/auth.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { providerQueries, useLogIn } from "../api/sign-in.ts";
import { beginSignIn } from "../lib/oidc.ts";

export function LoginPage() {
  const { redirect, expired } = useSearch({ from: "/login" });
  const { t } = useT();
  const login = useLogIn(redirect);
  useDocumentTitle(t("common.logIn"));

  return (
    <div className="page narrow">
      <h1>{t("common.logIn")}</h1>
      {redirect?.startsWith("/join/") && <p className="notice">{t("auth.invitedLogIn")}</p>}
      {expired && !login.isError && (
        <p className="notice" role="status">
          {t("auth.sessionExpired")}
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
          label={t("auth.usernameOrEmail")}
          name="username"
          autoComplete="username"
          required
          autoCapitalize="none"
        />
        <TextField
          label={t("common.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="button button-large" disabled={login.isPending}>
          {login.isPending ? t("auth.loggingIn") : t("common.logIn")}
        </button>
      </form>
      <ProviderSignIn redirect={redirect} />
      <p className="hint">{t("auth.forgotPassword")}</p>
      <p>
        <LinkedText
          text={t("auth.newHere")}
          link={(words) => (
            <Link to="/signup" search={{ redirect }}>
              {words}
            </Link>
          )}
        />
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
  const { t } = useT();
  const providers = useQuery(providerQueries.list());
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const provider = providers.data?.items[0];
  if (!provider) return null;
  return (
    <div className="form">
      {failed && (
        <p className="notice notice-error" role="alert">
          {t("auth.cannotStartSignIn")}
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
        {leaving
          ? t("auth.goingTo", { provider: provider.name })
          : t("auth.signInWith", { provider: provider.name })}
      </button>
    </div>
  );
}
