import { useEffect, useRef, useState } from "react";
import { TextField } from "../../../components/text-field.tsx";
import type { Household } from "../../../lib/api/households.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { useRenameHousehold } from "../api/mutations.ts";
import { roleInSentence } from "../lib/roles.ts";

/**
 * The household's name as the page's heading, the caller's place in it, and for owners (and admins)
 * "Rename" in place. After a rename the heading takes the focus back and the change is announced.
 */
export function HouseholdHead({ household, manage }: { household: Household; manage: boolean }) {
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

  const place = household.role
    ? `You are ${roleInSentence(household.role)} of this household.`
    : "You are not in this household: you see it as an admin.";

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
                setSaid(`Renamed to ${renamed.name}.`);
                back.current = "heading";
                setEditing(false);
              },
            });
          }}
        >
          <TextField
            label="New name of the household"
            name="name"
            value={name}
            maxLength={80}
            autoFocus
            error={nameError}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <div className="hh-actions">
            <button type="submit" className="button" disabled={!name.trim() || rename.isPending}>
              Save
            </button>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                back.current = "button";
                setEditing(false);
              }}
            >
              Cancel
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
            onClick={() => {
              setName(household.name);
              setSaid("");
              rename.reset();
              setEditing(true);
            }}
          >
            Rename<span className="visually-hidden"> {household.name}</span>
          </button>
        )
      )}
      <p className="hh-said" role="status">
        {said}
      </p>
    </div>
  );
}
