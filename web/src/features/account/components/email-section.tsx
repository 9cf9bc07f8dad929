/** Change the account's email; the current password confirms it is really the owner. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Field } from "../../../components/form-field.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useApiForm } from "../../../components/use-api-form.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { meQuery } from "../../auth/api/queries.ts";
import { changeEmail } from "../api/account.ts";
import { EmailForm, type EmailFormValues, emailField } from "../lib/forms.ts";

export function EmailSection({ user }: { user: Schemas["UserRead"] }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState("");
  const { form, mutation, onSubmit } = useApiForm({
    schema: EmailForm,
    defaultValues: { email: "", password: "" },
    toField: emailField,
    save: (values: EmailFormValues) => changeEmail(values.email, values.password),
    onSaved: (row) => {
      queryClient.setQueryData(meQuery(user.id).queryKey, row);
      form.reset({ email: "", password: "" });
      setDone(`Your email is now ${row.email}.`);
    },
  });
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="email-heading" className="account-section">
      <h2 id="email-heading">Email</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          setDone("");
          void onSubmit(event);
        }}
      >
        <SaveError error={mutation.error} />
        <Field label="New email" error={errors.email?.message}>
          {(props) => <input type="email" autoComplete="email" {...props} {...form.register("email")} />}
        </Field>
        <Field label="Current password" hint="To confirm it is you." error={errors.password?.message}>
          {(props) => (
            <input
              type="password"
              autoComplete="current-password"
              {...props}
              {...form.register("password")}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? "Changing…" : "Change email"}
        </button>
        <p role="status" className="hint">
          {done}
        </p>
      </form>
    </section>
  );
}
