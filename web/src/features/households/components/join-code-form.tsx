import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { TextField } from "../../../components/text-field.tsx";
import { useT } from "../../../i18n/index.ts";
import { TooManyJoins, useJoinHousehold } from "../api/mutations.ts";
import { codeFromInput } from "../lib/invitations.ts";
import { useUntil } from "../lib/use-until.ts";
import { JoinProblem } from "./join-problem.tsx";

/**
 * "Join with a code": the code someone read out (spaces and all), or the link they sent pasted in.
 * Typing it is the consent: it joins at once and opens the household.
 */
export function JoinCodeForm() {
  const { t } = useT();
  const join = useJoinHousehold();
  const navigate = useNavigate();
  const [input, setInput] = useState("");
  const id = useId();
  const code = codeFromInput(input);
  const waiting = useUntil(join.error instanceof TooManyJoins ? join.error.retryAt : null);
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`}>{t("households.joinCodeTitle")}</h2>
      <form
        className="form hh-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!code) return;
          join.mutate(code, {
            onSuccess: (household) =>
              void navigate({
                to: "/households/$householdId",
                params: { householdId: String(household.id) },
              }),
          });
        }}
      >
        <TextField
          label={t("households.code")}
          name="code"
          value={input}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          hint={t("households.codeHint")}
          onChange={(e) => setInput(e.currentTarget.value)}
        />
        <button type="submit" className="button" disabled={!code || join.isPending || waiting}>
          {join.isPending ? t("households.joining") : t("households.join")}
        </button>
      </form>
      <JoinProblem error={join.error} level={3} />
    </section>
  );
}
