import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import "../marks.css";

/** "4.5 ★ (12)": everyone's average and how many rated, read aloud as a sentence; nothing when unrated. */
export function RatingSummary({ rating }: { rating: Schemas["RatingSummary"] | undefined }) {
  const { t } = useT();
  if (!rating || rating.average === null || rating.count === 0) return null;
  const values = { average: rating.average, count: rating.count };
  return (
    <span className="rating-summary">
      <span aria-hidden="true">{t("recipes.ratingShort", values)}</span>
      <span className="visually-hidden">{t("recipes.ratingSpoken", values)}</span>
    </span>
  );
}
