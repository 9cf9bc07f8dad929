/** Change the account's email; the current password confirms it is really the owner. */
import { useQueryClient } from "@tanstack/react-query";
import { Field } from "../../../components/form-field.tsx";
import { useApiForm } from "../../../hooks/use-api-form.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { accountQueries } from "../../../lib/api/users.ts";
import { changeEmail } from "../api/account.ts";
import { EmailForm, type EmailFormValues, emailField } from "../lib/forms.ts";
import { FormSection } from "./form-section.tsx";

export function EmailSection({ user }: { user: Schemas["UserRead"] }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const { form, mutation, onSubmit } = useApiForm({
    schema: EmailForm,
    defaultValues: { email: "", password: "" },
    toField: emailField,
    save: (values: EmailFormValues) => changeEmail(values.email, values.password),
    onSaved: (row) => {
      queryClient.setQueryData(accountQueries.me(user.id).queryKey, row);
      form.reset({ email: "", password: "" });
    },
  });
  const errors = form.formState.errors;
  return (
    <FormSection
      id="email"
      title={t("common.email")}
      onSubmit={onSubmit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel={t("account.changeEmail")}
      done={mutation.data && t("account.emailChanged", { email: mutation.data.email })}
    >
      <Field label={t("account.newEmail")} error={errors.email?.message}>
        {(props) => <input type="email" autoComplete="email" {...props} {...form.register("email")} />}
      </Field>
      <Field
        label={t("common.currentPassword")}
        hint={t("account.confirmItIsYou")}
        error={errors.password?.message}
      >
        {(props) => (
          <input type="password" autoComplete="current-password" {...props} {...form.register("password")} />
        )}
      </Field>
    </FormSection>
  );
}
