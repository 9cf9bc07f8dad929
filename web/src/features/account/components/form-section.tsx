/** One of the account page's forms: its heading, the API's refusal, its fields, the button, what it did. */
import type { FormEventHandler, ReactNode } from "react";
import { SaveError } from "../../../components/save-error.tsx";
import { useT } from "../../../i18n/index.ts";

export function FormSection({
  id,
  title,
  onSubmit,
  error,
  pending,
  submitLabel,
  done,
  children,
}: {
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  /** What the last change did, said once it is done. */
  done: string | undefined;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <section aria-labelledby={`${id}-heading`} className="account-section">
      <h2 id={`${id}-heading`}>{title}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <SaveError error={error} />
        {children}
        <button type="submit" className="button" disabled={pending}>
          {pending ? t("account.changing") : submitLabel}
        </button>
        <p role="status" className="hint">
          {done}
        </p>
      </form>
    </section>
  );
}
