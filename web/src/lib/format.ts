/** How times and amounts read on screen, in the active language. */
import { currentLanguage, t } from "../i18n/index.ts";

const number = (maxDigits: number) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: maxDigits });

/** 5400 → "1 h 30 min", 2700 → "45 min", 30 → "1 min" (a started minute counts). */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds == null) return null;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t("lib.durationMinutes", { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? t("lib.durationHoursMinutes", { hours, minutes: rest }) : t("lib.durationHours", { hours });
}

/** 1 → "1 serving", 8 → "8 servings". */
export const formatServings = (n: number): string => t("common.servings", { count: n });

/**
 * A recipe's whole time: its own total (resting and rising included) where it has one, else prep
 * plus cook (CONTRACT.md: null means prep + cook); null when the recipe gives none of them.
 */
export function totalSeconds(
  prep: number | null | undefined,
  cook: number | null | undefined,
  total?: number | null,
): number | null {
  if (total != null) return total;
  if (prep == null && cook == null) return null;
  return (prep ?? 0) + (cook ?? 0);
}

/**
 * Grams as a cook reads them: whole grams from 10 g, one decimal below (a scaled pinch of salt is
 * 0.5 g, not 0 g), kilograms from 1000 g; nothing for unknown grams (`salt to taste`), whose amount
 * as written stands alone.
 */
export function formatGrams(grams: number | null): string {
  if (grams === null) return "";
  if (grams >= 999.5) return t("lib.kilograms", { amount: number(2).format(grams / 1000) });
  if (grams >= 10) return t("lib.grams", { amount: number(0).format(grams) });
  return t("lib.grams", { amount: number(1).format(grams) });
}
