/**
 * The account's forms: a new email, a new password. Both ask for the current password (the API
 * checks it); the API's refusals land on the field their `errors[].path` names.
 */
import { z } from "zod";
import { t } from "../../../i18n/index.ts";
import { flatField } from "../../../lib/form.ts";
import { MIN_PASSWORD_LENGTH } from "../../../lib/passwords.ts";

// Messages are functions: they are written when the form is checked, in the language shown then.
const currentPassword = z
  .string()
  .refine((text) => text !== "", { error: () => t("account.enterCurrentPassword") });

export const EmailForm = z.object({
  email: z.string().refine((text) => text.trim() !== "", { error: () => t("account.enterNewEmail") }),
  password: currentPassword,
});
export type EmailFormValues = z.infer<typeof EmailForm>;
export const emailField = flatField(["email", "password"] as const);

/** The API's own limit is 12 characters to 72 bytes; the length in characters is the part a person can check while typing. */
export const PasswordForm = z.object({
  current_password: currentPassword,
  new_password: z.string().refine((text) => text.length >= MIN_PASSWORD_LENGTH, {
    error: () => t("account.newPasswordTooShort", { length: MIN_PASSWORD_LENGTH }),
  }),
});
export type PasswordFormValues = z.infer<typeof PasswordForm>;
export const passwordField = flatField(["current_password", "new_password"] as const);
