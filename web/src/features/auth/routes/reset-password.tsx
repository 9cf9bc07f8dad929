/**
 * The page a password-reset link opens (`/reset-password#reset_…`, made by an admin under Users):
 * the person chooses a new password, which signs them out everywhere, then logs in with it. The code
 * stays in the address's fragment, which browsers never send to a server; it works once.
 */
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { TextField } from "../../../components/text-field.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { ApiError, errorMessage, fieldError } from "../../../lib/errors.ts";
import { MIN_PASSWORD_LENGTH, passwordHint } from "../../../lib/passwords.ts";
import { isResetCode, setPasswordWithCode } from "../api/reset-password.ts";

export function ResetPasswordPage() {
  const { t } = useT();
  useDocumentTitle(t("auth.chooseNewPassword"));
  // Read once: the fragment does not change while the page is open.
  const [code] = useState(() => window.location.hash.slice(1));
  const reset = useMutation({
    mutationFn: (newPassword: string) => setPasswordWithCode(code, newPassword),
  });
  const spent = reset.error instanceof ApiError && reset.error.status === 401;

  if (!isResetCode(code)) {
    return (
      <div className="page narrow">
        <h1>{t("auth.chooseNewPassword")}</h1>
        <p className="notice notice-error" role="alert">
          {t("auth.notAResetLink")}
        </p>
      </div>
    );
  }
  if (reset.isSuccess) {
    return (
      <div className="page narrow">
        <h1>{t("auth.newPasswordSet")}</h1>
        <p className="notice" role="status">
          {t("auth.signedOutEverywhere")}
        </p>
        <p>
          <Link to="/login" className="button button-large">
            {t("common.logIn")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>{t("auth.chooseNewPassword")}</h1>
      <p>{t("auth.newPasswordReplaces")}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          reset.mutate(String(new FormData(event.currentTarget).get("new_password")));
        }}
      >
        {reset.isError && !fieldError(reset.error, "new_password") && (
          <p className="notice notice-error" role="alert">
            {spent ? t("auth.linkSpent") : errorMessage(reset.error)}
          </p>
        )}
        <TextField
          label={t("common.newPassword")}
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={passwordHint()}
          error={fieldError(reset.error, "new_password")}
        />
        <button type="submit" className="button button-large" disabled={reset.isPending || spent}>
          {reset.isPending ? t("auth.settingIt") : t("auth.setNewPassword")}
        </button>
      </form>
    </div>
  );
}
