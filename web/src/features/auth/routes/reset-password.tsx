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
import { ApiError, errorMessage, fieldError } from "../../../lib/errors.ts";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "../../../lib/passwords.ts";
import { isResetCode, setPasswordWithCode } from "../api/reset-password.ts";

const ASK_AGAIN = "Ask your household’s admin for a new link: they make one under Users.";

export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  // Read once: the fragment does not change while the page is open.
  const [code] = useState(() => window.location.hash.slice(1));
  const reset = useMutation({
    mutationFn: (newPassword: string) => setPasswordWithCode(code, newPassword),
  });
  const spent = reset.error instanceof ApiError && reset.error.status === 401;

  if (!isResetCode(code)) {
    return (
      <div className="page narrow">
        <h1>Choose a new password</h1>
        <p className="notice notice-error" role="alert">
          This address is not a whole password-reset link. Open the link exactly as you got it. {ASK_AGAIN}
        </p>
      </div>
    );
  }
  if (reset.isSuccess) {
    return (
      <div className="page narrow">
        <h1>Your new password is set</h1>
        <p className="notice" role="status">
          You were signed out everywhere. Log in with your new password.
        </p>
        <p>
          <Link to="/login" className="button button-large">
            Log in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>Choose a new password</h1>
      <p>Your new password replaces the old one and signs you out on every device.</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          reset.mutate(String(new FormData(event.currentTarget).get("new_password")));
        }}
      >
        {reset.isError && !fieldError(reset.error, "new_password") && (
          <p className="notice notice-error" role="alert">
            {spent ? `This link has been used or has expired. ${ASK_AGAIN}` : errorMessage(reset.error)}
          </p>
        )}
        <TextField
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={PASSWORD_HINT}
          error={fieldError(reset.error, "new_password")}
        />
        <button type="submit" className="button button-large" disabled={reset.isPending || spent}>
          {reset.isPending ? "Setting it…" : "Set the new password"}
        </button>
      </form>
    </div>
  );
}
