/**
 * Small pieces every form shares: text as typed turned into what the API takes, and the API's
 * `errors[].path` put on the form field it names.
 */

/** Trimmed text, or null for an empty field (the API's "not given"). */
export const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** "12,5" reads as 12.5: a comma is the decimal mark for half the people who cook. NaN when empty. */
export const parseDecimal = (text: string): number =>
  text.trim() === "" ? Number.NaN : Number(text.trim().replace(",", "."));

/** An optional number field: null when empty, else the number (NaN when it is not one). */
export const optionalNumber = (text: string): number | null =>
  text.trim() === "" ? null : parseDecimal(text);

/** The text a stored optional number shows as in its field. */
export const numberText = (value: number | null | undefined): string => (value == null ? "" : String(value));

type ErrorSetter<F extends string> = (field: F, error: { type: string; message: string }) => void;

/**
 * Puts each of the API's field errors (`path` → message) on the form field `toField` names, and
 * returns the first such field (to move the focus there), or null when none names a field on screen.
 */
export function applyFieldErrors<F extends string>(
  fieldErrors: Readonly<Record<string, string>>,
  toField: (path: string) => F | null,
  setError: ErrorSetter<F>,
): F | null {
  let first: F | null = null;
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = toField(path);
    if (!field) continue;
    setError(field, { type: "server", message });
    first ??= field;
  }
  return first;
}

/** For a form of flat fields: the path's first segment when it is one of `fields`. */
export const flatField =
  <F extends string>(fields: readonly F[], aliases: Partial<Record<string, F>> = {}) =>
  (path: string): F | null => {
    const head = path.split(".")[0] ?? "";
    if (aliases[head]) return aliases[head];
    return (fields as readonly string[]).includes(head) ? (head as F) : null;
  };
