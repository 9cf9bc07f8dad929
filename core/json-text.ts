/**
 * Values sent to PostgreSQL as one json/jsonb parameter (a list of rows in one statement).
 * JSON.stringify writes a lone UTF-16 surrogate as an escape (`"\ud800"`), which PostgreSQL refuses
 * ("invalid input syntax for type json": a 500 for a step or an archive row holding one). Here it
 * becomes U+FFFD, what the driver makes of one in a plain text parameter, so a title and a step
 * holding the same text are stored alike.
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// What JSON.stringify writes for one (and, harmlessly, for a backslash written before `ud800`).
const SURROGATE_ESCAPE = /\\ud[89a-f][0-9a-f]{2}/i;

/** `value` as JSON text PostgreSQL accepts. */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (!SURROGATE_ESCAPE.test(text)) return text;
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "string" ? v.replace(LONE_SURROGATE, "\ufffd") : v,
  );
}
