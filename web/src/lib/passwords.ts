/**
 * The password rule as the API holds it (CONTRACT.md: users): 12 characters to 72 bytes, not the
 * username, the e-mail or its part before '@', nor one of the 10,000 most common passwords. Every
 * form that sets a password shows it before the person types; the API names the rule a password broke.
 */
export const MIN_PASSWORD_LENGTH = 12;

import { t } from "../i18n/index.ts";

/** The rule in the active language (`lib.passwordHint`). */
export const passwordHint = (): string => t("lib.passwordHint", { length: MIN_PASSWORD_LENGTH });
