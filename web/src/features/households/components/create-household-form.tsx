import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { TextField } from "../../../components/text-field.tsx";
import { useT } from "../../../i18n/index.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { useCreateHousehold } from "../api/mutations.ts";

/** "Make a household": a name (1–80), then its page, where the others are invited. */
export function CreateHouseholdForm() {
  const { t } = useT();
  const create = useCreateHousehold();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const id = useId();
  const nameError = fieldError(create.error, "name");
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`}>{t("households.createTitle")}</h2>
      <form
        className="form hh-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(name.trim(), {
            onSuccess: (household) =>
              void navigate({
                to: "/households/$householdId",
                params: { householdId: String(household.id) },
              }),
          });
        }}
      >
        <TextField
          label={t("households.name")}
          name="name"
          value={name}
          maxLength={80}
          placeholder={t("households.namePlaceholder")}
          hint={t("households.nameHint")}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <button type="submit" className="button" disabled={!name.trim() || create.isPending}>
          {create.isPending ? t("households.making") : t("households.create")}
        </button>
        {create.isError && !nameError && (
          <p className="field-error" role="alert">
            {errorMessage(create.error)}
          </p>
        )}
      </form>
    </section>
  );
}
