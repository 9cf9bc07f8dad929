import { useEffect, useRef, useState } from "react";
import { TextField } from "../../../components/text-field.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Household } from "../../../lib/api/households.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { useRenameHousehold } from "../api/mutations.ts";

/**
 * The household's name as the page's heading, the caller's place in it, and for owners (and admins)
 * "Rename" in place. After a rename the heading takes the focus back and the change is announced.
 */
export function HouseholdHead({ household, manage }: { household: Household; manage: boolean }) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(household.name);
  const [said, setSaid] = useState("");
  const rename = useRenameHousehold(household.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const back = useRef<"heading" | "button" | null>(null);
  const nameError = fieldError(rename.error, "name");

  // Focus goes where the person continues once the form is gone.
  useEffect(() => {
    if (editing || back.current === null) return;
    (back.current === "heading" ? heading.current : renameButton.current)?.focus();
    back.current = null;
  }, [editing]);

  const place = household.role ? t("households.place", { role: household.role }) : t("households.placeAdmin");

  return (
    <div className="hh-head">
      <h1 ref={heading} tabIndex={-1}>
        {household.name}
      </h1>
      <p className="hh-place">{place}</p>
      {editing ? (
        <form
          className="form hh-rename"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate(name.trim(), {
              onSuccess: (renamed) => {
                setSaid(t("households.renamed", { name: renamed.name }));
                back.current = "heading";
                setEditing(false);
              },
            });
          }}
        >
          <TextField
            label={t("households.newName")}
            name="name"
            value={name}
            maxLength={80}
            autoFocus
            error={nameError}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <div className="hh-actions">
            <button type="submit" className="button" disabled={!name.trim() || rename.isPending}>
              {t("households.save")}
            </button>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                back.current = "button";
                setEditing(false);
              }}
            >
              {t("households.cancel")}
            </button>
          </div>
          {rename.isError && !nameError && (
            <p className="field-error" role="alert">
              {errorMessage(rename.error)}
            </p>
          )}
        </form>
      ) : (
        manage && (
          <button
            ref={renameButton}
            type="button"
            className="button button-quiet"
            aria-label={t("households.renameNamed", { name: household.name })}
            onClick={() => {
              setName(household.name);
              setSaid("");
              rename.reset();
              setEditing(true);
            }}
          >
            {t("households.rename")}
          </button>
        )
      )}
      <p className="hh-said" role="status">
        {said}
      </p>
    </div>
  );
}
