/**
 * "Tokens for scripts": API tokens that let a script or Home Assistant act for the person (README:
 * API tokens). A new one is shown this once, with a button that copies it; the list names each by
 * what it may do and when it was last used, with "Delete" (it stops at once).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Field } from "../../../components/form-field.tsx";
import { LinkedText } from "../../../components/linked-text.tsx";
import { Loading } from "../../../components/loading.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { type MessageId, useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { fieldError } from "../../../lib/errors.ts";
import { createToken, deleteToken, tokenQueries } from "../api/account.ts";
import { lastUsed } from "../lib/device.ts";

type Token = Schemas["ApiTokenRead"];

const SCOPES: Record<Token["scope"], MessageId> = { read: "account.scopeRead", write: "account.scopeWrite" };
/** How long a new token works: a choice of days, or until deleted. */
const LIFETIMES: readonly { days: number; label: MessageId }[] = [
  { days: 0, label: "account.untilDeleted" },
  { days: 30, label: "account.lifetimeDays" },
  { days: 365, label: "account.oneYear" },
];

export function TokensSection() {
  const { t, language } = useT();
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
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
      <h2 id={`${id}-heading`}>{t("account.tokensHeading")}</h2>
      <p className="hint">{t("account.tokensIntro")}</p>
      {made && (
        <div className="notice" role="status">
          <p>
            <LinkedText
              text={t("account.tokenMade", { name: made.name })}
              link={(name) => <strong>{name}</strong>}
            />
          </p>
          <p>
            <code className="token-value">{made.token}</code>
          </p>
          <button type="button" className="button" onClick={() => void copy(made.token)}>
            {copied ? t("account.copied") : t("account.copyToken")}
          </button>
        </div>
      )}
      <form className="form" noValidate onSubmit={submit}>
        <SaveError error={create.error} />
        <Field
          label={t("account.tokenName")}
          hint={t("account.tokenNameHint")}
          error={fieldError(create.error, "name")}
        >
          {(props) => (
            <input {...props} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <fieldset className="choices">
          <legend>{t("account.itMay")}</legend>
          {(Object.keys(SCOPES) as Token["scope"][]).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-scope`}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
              />{" "}
              {t(SCOPES[value])}
            </label>
          ))}
        </fieldset>
        <Field label={t("account.itWorks")}>
          {(props) => (
            <select {...props} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {LIFETIMES.map((lifetime) => (
                <option key={lifetime.days} value={lifetime.days}>
                  {t(lifetime.label, { count: lifetime.days })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? t("account.making") : t("account.makeToken")}
        </button>
      </form>
      {tokens.isPending ? (
        <Loading label={t("account.tokensLoading")} />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.items.length === 0 ? (
        <p>{t("account.noTokens")}</p>
      ) : (
        <>
          <SaveError error={remove.error} />
          <ul className="sessions">
            {tokens.data.items.map((token) => (
              <li key={token.id} className="session">
                <span>
                  <strong>{token.name}</strong>
                  <span className="session-detail">
                    {t(SCOPES[token.scope])} ·{" "}
                    {token.last_used_at
                      ? t("account.tokenLastUsed", { when: lastUsed(token.last_used_at) })
                      : t("account.neverUsed")}
                    {token.expires_at
                      ? ` · ${t("account.worksUntil", { day: day.format(new Date(token.expires_at)) })}`
                      : ""}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-quiet"
                  disabled={remove.isPending && remove.variables?.id === token.id}
                  aria-label={t("account.deleteToken", { name: token.name })}
                  onClick={() => remove.mutate(token)}
                >
                  {t("common.delete")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
