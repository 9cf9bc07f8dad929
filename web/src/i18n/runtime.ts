/**
 * Messages in the active language, without the messages themselves: `t()` and `useT()` ask Lingui's
 * core, whose messages index.ts loads (English at start, another language when chosen). Apart from
 * index.ts so that date and number helpers (lib/dates.ts) load in plain Node too, where the
 * end-to-end tests compute the English they expect: the message files are read through Vite.
 */
import { i18n } from "@lingui/core";
import { useSyncExternalStore } from "react";
import type { MessageId } from "./keys.ts";
import { isLanguage, type Language } from "./languages.ts";

/** Values a message puts in its placeholders (`{count}`, `{name}`). */
export type Values = Record<string, string | number | Date | undefined>;

/** The active language. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : "en");

/** A message in the active language, outside components. */
export const t = (id: MessageId, values?: Values): string => i18n._(id, values);

const MARK = "\u0000";

/**
 * The words of message `id` before and after its placeholder `name`, in the language's order, for a
 * value drawn as an element of its own (`Made by <strong>Pizza dough</strong>`).
 */
export function around(id: MessageId, name: string): [before: string, after: string] {
  const [before = "", after = ""] = t(id, { [name]: MARK }).split(MARK);
  return [before, after];
}

const onChange = (listener: () => void) => i18n.on("change", listener);
const locale = () => i18n.locale;

/** The message function and the active language, for components (they re-render on a change). */
export function useT(): { t: typeof t; language: Language } {
  useSyncExternalStore(onChange, locale, locale);
  return { t, language: currentLanguage() };
}
