/**
 * Where the recipe comes from: a link to its page, or (for a page behind a log-in) the page's HTML
 * or its JSON-LD pasted in. The API's sentence (no recipe found, an address it refuses, a site that
 * does not answer) shows under the form; a refusal about one field shows on that field.
 */
import { useId, useState } from "react";
import { Field } from "../../../components/form-field.tsx";
import { useT } from "../../../i18n/index.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { type ImportRequest, importRequest } from "../form/draft-to-form.ts";

export function ImportSourceForm({
  initialUrl,
  pending,
  error,
  onImport,
}: {
  initialUrl?: string;
  pending: boolean;
  error: unknown;
  onImport: (body: ImportRequest) => void;
}) {
  const { t } = useT();
  const id = useId();
  const [address, setAddress] = useState(initialUrl ?? "");
  const [pasted, setPasted] = useState("");
  const [missing, setMissing] = useState(false);
  // The API's sentence shows above the button (and is announced); a field's own shows on it too,
  // unless it is that same sentence.
  const message = error ? errorMessage(error) : null;
  const onField = (path: string) => {
    const text = fieldError(error, path);
    return text === message ? undefined : text;
  };
  const urlError = onField("url");
  const pageError = onField("html") ?? onField("json");

  return (
    <form
      className="form import-source"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const body = importRequest(address, pasted);
        setMissing(body === null);
        if (body) onImport(body);
      }}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        {t("recipe-editor.importWhere")}
      </h2>
      <Field
        label={t("recipe-editor.importLink")}
        hint={t("recipe-editor.importLinkHint")}
        error={missing ? t("recipe-editor.importMissing") : urlError}
      >
        {(props) => (
          <input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={t("recipe-editor.urlPlaceholder")}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            {...props}
          />
        )}
      </Field>
      <details className="import-paste" open={pasted !== "" || undefined}>
        <summary>{t("recipe-editor.importPasteSummary")}</summary>
        <Field
          label={t("recipe-editor.importPaste")}
          hint={t("recipe-editor.importPasteHint")}
          error={pageError}
        >
          {(props) => (
            <textarea
              rows={8}
              spellCheck={false}
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              {...props}
            />
          )}
        </Field>
      </details>
      {message && (
        <p className="notice notice-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button-large" disabled={pending}>
        {pending ? t("recipe-editor.importReading") : t("recipe-editor.import")}
      </button>
      {pending && (
        <p className="visually-hidden" role="status">
          {t("recipe-editor.importReading")}
        </p>
      )}
    </form>
  );
}
