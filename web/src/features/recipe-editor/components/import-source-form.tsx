/**
 * Where the recipe comes from: a link to its page, or (for a page behind a log-in) the page's HTML
 * or its JSON-LD pasted in. The API's sentence (no recipe found, an address it refuses, a site that
 * does not answer) shows under the form; a refusal about one field shows on that field.
 */
import { useId, useState } from "react";
import { Field } from "../../../components/form-field.tsx";
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
        Where the recipe is
      </h2>
      <Field
        label="Link to the recipe"
        hint="The address of any page with a recipe on it."
        error={missing ? "Paste a link to the recipe's page, or the page itself below." : urlError}
      >
        {(props) => (
          <input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            {...props}
          />
        )}
      </Field>
      <details className="import-paste" open={pasted !== "" || undefined}>
        <summary>Or paste the page itself (for a page behind a log-in)</summary>
        <Field
          label="The page's HTML, or its JSON-LD"
          hint="In the browser: View page source, select all, copy. The link above, if given, resolves its relative addresses."
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
        {pending ? "Reading the recipe…" : "Import"}
      </button>
      {pending && (
        <p className="visually-hidden" role="status">
          Reading the recipe…
        </p>
      )}
    </form>
  );
}
