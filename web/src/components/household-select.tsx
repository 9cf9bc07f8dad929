import type { ReactNode } from "react";
import { useT } from "../i18n/index.ts";
import type { Household } from "../lib/api/households.ts";
import { householdName } from "../lib/households.ts";
import "./household-select.css";

/** The select's value for "private": no household. */
const PRIVATE = "";

/**
 * "Shared with": private ("Only me") or one of the person's households, for a shopping list or a
 * planned meal. A household the person is not in (an admin's view of another's list) stays the
 * chosen option under its id, so the select never claims something it is not.
 */
export function HouseholdSelect({
  id,
  label,
  value,
  households,
  onChange,
  disabled,
  privateLabel,
  className = "field",
  hint,
}: {
  id: string;
  label: ReactNode;
  value: number | null;
  households: readonly Household[];
  onChange: (householdId: number | null) => void;
  disabled?: boolean;
  privateLabel?: string;
  className?: string;
  hint?: string;
}) {
  const { t } = useT();
  const known = value === null || households.some((h) => h.id === value);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? PRIVATE}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.currentTarget.value === PRIVATE ? null : Number(e.currentTarget.value))}
      >
        <option value={PRIVATE}>{privateLabel ?? t("components.onlyMe")}</option>
        {!known && value !== null && <option value={value}>{householdName(households, value)}</option>}
        {households.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
