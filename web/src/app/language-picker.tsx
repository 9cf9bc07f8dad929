/**
 * The language picker on every page (issue 39, item 1): the ten languages by their own names. A
 * visitor's choice stays on this device; a signed-in person's is also saved to the account
 * (`PUT /users/preferences`), and the account's language wins on every device: when the account says
 * a language other than the one shown, the app switches to it (and remembers it here).
 */
import { useEffect, useId } from "react";
import { choose, currentLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, useT } from "../i18n/index.ts";
import { isLanguage } from "../i18n/languages.ts";
import { useAccount, useSavePreferences } from "../lib/api/users.ts";
import type { Session } from "../lib/auth.ts";
import { errorMessage } from "../lib/errors.ts";

export function LanguagePicker({ session }: { session: Session | null }) {
  const id = useId();
  const { t, language } = useT();
  const me = useAccount(session);
  const accountLanguage = session ? me.data?.language : undefined;

  // The account's language follows the person to this device. Only when the account's answer says
  // something new: a choice not saved yet (offline) is not undone by the answer read before it.
  useEffect(() => {
    if (isLanguage(accountLanguage) && accountLanguage !== currentLanguage()) void choose(accountLanguage);
  }, [accountLanguage]);

  const save = useSavePreferences();

  const pick = (next: Language) => {
    save.reset();
    void choose(next);
    if (session) save.mutate({ language: next });
  };

  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t("common.language")}
      </label>
      <span className="language-icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
      </span>
      <select
        id={id}
        className="language-select"
        value={language}
        aria-describedby={save.isError ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) pick(next);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {save.isError && (
        <p id={`${id}-error`} className="language-error" role="alert">
          {t("app.languageNotSaved", { reason: errorMessage(save.error) })}
        </p>
      )}
    </div>
  );
}
