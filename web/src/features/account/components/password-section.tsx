/**
 * Change the password (the current one asked). The API then refuses every token issued before, this
 * one included, so the page logs in again with the new password at once: the person stays signed in.
 */
import { Field } from "../../../components/form-field.tsx";
import { useApiForm } from "../../../hooks/use-api-form.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { requestToken } from "../../../lib/api/users.ts";
import { auth } from "../../../lib/auth.ts";
import { passwordHint } from "../../../lib/passwords.ts";
import { changePassword } from "../api/account.ts";
import { PasswordForm, type PasswordFormValues, passwordField } from "../lib/forms.ts";
import { FormSection } from "./form-section.tsx";

const FIELDS = [
  {
    name: "current_password",
    label: "common.currentPassword",
    autoComplete: "current-password",
    hint: false,
  },
  { name: "new_password", label: "common.newPassword", autoComplete: "new-password", hint: true },
] as const;

export function PasswordSection({ user }: { user: Schemas["UserRead"] }) {
  const { t } = useT();
  const { form, mutation, onSubmit } = useApiForm({
    schema: PasswordForm,
    defaultValues: { current_password: "", new_password: "" },
    toField: passwordField,
    save: async (values: PasswordFormValues) => {
      await changePassword(values.current_password, values.new_password);
      const token = await requestToken(user.username, values.new_password);
      auth.signIn(token);
    },
    onSaved: () => form.reset({ current_password: "", new_password: "" }),
  });
  const errors = form.formState.errors;
  return (
    <FormSection
      id="password"
      title={t("common.password")}
      onSubmit={onSubmit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel={t("account.changePassword")}
      done={mutation.isSuccess ? t("account.passwordChanged") : undefined}
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          label={t(field.label)}
          hint={field.hint ? passwordHint() : undefined}
          error={errors[field.name]?.message}
        >
          {(props) => (
            <input
              type="password"
              autoComplete={field.autoComplete}
              {...props}
              {...form.register(field.name)}
            />
          )}
        </Field>
      ))}
    </FormSection>
  );
}
