/**
 * Prep and cook time as a person enters them: hours and minutes, two small fields, either may be
 * left empty. The API keeps seconds (CONTRACT.md, recipes).
 */

export type TimeInput = { hours: string; minutes: string };

const WHOLE = /^\d+$/;

/** True when the text is empty or a whole number (what the two fields accept). */
export const isWholeOrEmpty = (text: string): boolean => text.trim() === "" || WHOLE.test(text.trim());

/**
 * Seconds for the API, or null when both fields are empty (the recipe does not say). Minutes over 59
 * are fine (90 min is 1 h 30); the caller has checked both fields with isWholeOrEmpty.
 */
export function toSeconds({ hours, minutes }: TimeInput): number | null {
  const h = hours.trim();
  const m = minutes.trim();
  if (h === "" && m === "") return null;
  return (Number(h || 0) * 60 + Number(m || 0)) * 60;
}

/** The two fields for a stored time: 5400 → 1 h 30; 2700 → "" h 45; null → both empty. */
export function fromSeconds(seconds: number | null | undefined): TimeInput {
  if (seconds == null) return { hours: "", minutes: "" };
  // Stored seconds that are not whole minutes (an import) round up: a started minute counts.
  const total = Math.ceil(seconds / 60);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return { hours: hours ? String(hours) : "", minutes: minutes || !hours ? String(minutes) : "" };
}
