/**
 * "Tokens for scripts": API tokens that let a script or Home Assistant act for the person (README:
 * API tokens). A new one is shown this once, with a button that copies it; the list names each by
 * what it may do and when it was last used, with "Delete" (it stops at once).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Field } from "../../../components/form-field.tsx";
import { Loading } from "../../../components/loading.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import type { Schemas } from "../../../lib/api/client.ts";
import { fieldError } from "../../../lib/errors.ts";
import { createToken, deleteToken, tokenQueries } from "../api/account.ts";
import { lastUsed } from "../lib/device.ts";

type Token = Schemas["ApiTokenRead"];

const SCOPES = { read: "Read only", write: "Read and change" } as const;
/** How long a new token works: a choice of days, or until deleted. */
const LIFETIMES = [
  { days: 0, label: "Until I delete it" },
  { days: 30, label: "30 days" },
  { days: 365, label: "One year" },
] as const;
const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

export function TokensSection() {
  const id = useId();
  const tokens = useQuery(tokenQueries.list());
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<Token["scope"]>("write");
  const [days, setDays] = useState(0);
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      createToken({ name: name.trim(), scope, ...(days > 0 ? { expires_in_days: days } : {}) }),
    onSuccess: () => {
      setName("");
      setCopied(false);
      void queryClient.invalidateQueries({ queryKey: tokenQueries.all });
    },
  });
  const remove = useMutation({
    mutationFn: (token: Token) => deleteToken(token.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenQueries.all }),
  });
  const made = create.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate();
  };
  const copy = async (token: string) => {
    await navigator.clipboard.writeText(token);
    setCopied(true);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="account-section">
      <h2 id={`${id}-heading`}>Tokens for scripts</h2>
      <p className="hint">
        A token lets a script or a home automation act for you, without your password: “Read only” can look,
        “Read and change” can also add to lists. None can change your account.
      </p>
      {made && (
        <div className="notice" role="status">
          <p>
            <strong>{made.name}</strong>: copy the token now, it is shown this once.
          </p>
          <p>
            <code className="token-value">{made.token}</code>
          </p>
          <button type="button" className="button" onClick={() => void copy(made.token)}>
            {copied ? "Copied" : "Copy the token"}
          </button>
        </div>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <SaveError error={create.error} />
        <Field
          label="Name"
          hint="What uses it, such as “Home Assistant”."
          error={fieldError(create.error, "name")}
        >
          {(props) => (
            <input {...props} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <fieldset className="choices">
          <legend>It may</legend>
          {(Object.keys(SCOPES) as Token["scope"][]).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-scope`}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
              />{" "}
              {SCOPES[value]}
            </label>
          ))}
        </fieldset>
        <Field label="It works">
          {(props) => (
            <select {...props} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {LIFETIMES.map((lifetime) => (
                <option key={lifetime.days} value={lifetime.days}>
                  {lifetime.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? "Making…" : "Make a token"}
        </button>
      </form>
      {tokens.isPending ? (
        <Loading label="Loading your tokens…" />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.items.length === 0 ? (
        <p>You have no tokens.</p>
      ) : (
        <>
          <SaveError error={remove.error} />
          <ul className="sessions">
            {tokens.data.items.map((token) => (
              <li key={token.id} className="session">
                <span>
                  <strong>{token.name}</strong>
                  <span className="session-detail">
                    {SCOPES[token.scope]} ·{" "}
                    {token.last_used_at ? `last used ${lastUsed(token.last_used_at)}` : "never used"}
                    {token.expires_at ? ` · works until ${day.format(new Date(token.expires_at))}` : ""}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-quiet"
                  disabled={remove.isPending && remove.variables?.id === token.id}
                  onClick={() => remove.mutate(token)}
                >
                  Delete<span className="visually-hidden"> the token “{token.name}”</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
