/**
 * Where the OpenID Connect provider sends the browser back (`/login/callback?code=…&state=…`): the
 * answer is checked against what this tab kept, the code exchanged for a session, then back to the
 * page the person came from. A failure says why, with the way back to the log-in page.
 */
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useProviderSignIn } from "../api/sign-in.ts";
import { CallbackError } from "../lib/oidc.ts";

export function LoginCallbackPage() {
  const params = useSearch({ from: "/login/callback" });
  const { t } = useT();
  const signIn = useProviderSignIn();
  useDocumentTitle(t("auth.signingIn"));
  // Once: the kept state is spent by the first attempt (React runs effects twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn.mutate(params);
  }, [signIn, params]);

  return (
    <div className="page narrow">
      <h1>{t("auth.signingIn")}</h1>
      {signIn.isError ? (
        <>
          <p className="notice notice-error" role="alert">
            {signIn.error instanceof CallbackError ? signIn.error.message : errorMessage(signIn.error)}
          </p>
          <p>
            <Link to="/login">{t("auth.backToLogIn")}</Link>
          </p>
        </>
      ) : (
        <p role="status">{t("auth.signingYouIn")}</p>
      )}
    </div>
  );
}
