/**
 * Change the password (the current one asked). The API then refuses every token issued before, this
 * one included, so the page logs in again with the new password at once: the person stays signed in.
 */
import { useState } from "react";
import { Field } from "../../../components/form-field.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useApiForm } from "../../../components/use-api-form.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { requestToken } from "../../auth/api/queries.ts";
import { changePassword } from "../api/account.ts";
import { PasswordForm, type PasswordFormValues, passwordField } from "../lib/forms.ts";

export function PasswordSection({ user }: { user: Schemas["UserRead"] }) {
  const [done, setDone] = useState("");
  const { form, mutation, onSubmit } = useApiForm({
    schema: PasswordForm,
    defaultValues: { current_password: "", new_password: "" },
    toField: passwordField,
    save: async (values: PasswordFormValues) => {
      await changePassword(values.current_password, values.new_password);
      const token = await requestToken(user.username, values.new_password);
      auth.signIn(token.access_token);
    },
    onSaved: () => {
      form.reset({ current_password: "", new_password: "" });
      setDone("Your password is changed. Other devices will ask you to log in again.");
    },
  });
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="password-heading" className="account-section">
      <h2 id="password-heading">Password</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          setDone("");
          void onSubmit(event);
        }}
      >
        <SaveError error={mutation.error} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        <Field label="Current password" error={errors.current_password?.message}>
          {(props) => (
            <input
              type="password"
              autoComplete="current-password"
              {...props}
              {...form.register("current_password")}
            />
          )}
        </Field>
        <Field label="New password" hint="At least 8 characters." error={errors.new_password?.message}>
          {(props) => (
            <input
              type="password"
              autoComplete="new-password"
              {...props}
              {...form.register("new_password")}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? "Changing…" : "Change password"}
        </button>
        <p role="status" className="hint">
          {done}
        </p>
      </form>
    </section>
  );
}
