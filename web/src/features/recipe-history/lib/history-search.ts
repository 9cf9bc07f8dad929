/**
 * The history page's address: `?revision=3` opens version 3's changes; `&compare=current` compares it
 * with the recipe as it is now instead of the version before it (the default).
 */
export type CompareWith = "previous" | "current";

export type HistorySearch = { revision?: number; compare?: "current" };
