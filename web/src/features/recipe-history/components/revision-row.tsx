/**
 * One version in the list: its number, when and by whom, what it changed. The whole row is the
 * link that opens (or, when open, closes) what it changed, right below it.
 */
import { Link } from "@tanstack/react-router";
import { useT } from "../../../i18n/index.ts";
import { formatMoment } from "../../../lib/dates.ts";
import type { RevisionSummary } from "../api/queries.ts";
import type { CompareWith } from "../lib/history-search.ts";
import { changedFields, madeBy } from "../lib/words.ts";

export const changesPanelId = (revision: number) => `revision-${revision}-changes`;

export function RevisionRow({
  recipeId,
  summary,
  isNewest,
  chosen,
  compare,
}: {
  recipeId: string;
  summary: RevisionSummary;
  isNewest: boolean;
  chosen: boolean;
  compare: CompareWith;
}) {
  const { t } = useT();
  const who = madeBy(summary.user);
  const what =
    summary.revision === 1
      ? t("recipe-history.written", { who })
      : summary.changes.length > 0
        ? t("recipe-history.changed", { who, fields: changedFields(summary.changes) })
        : t("recipe-history.changedNothingNamed", { who });
  return (
    <Link
      to="/recipes/$recipeId/history"
      params={{ recipeId }}
      search={{
        revision: chosen ? undefined : summary.revision,
        compare: compare === "current" ? "current" : undefined,
      }}
      className="tile rh-row"
      aria-expanded={chosen}
      aria-controls={chosen ? changesPanelId(summary.revision) : undefined}
      resetScroll={false}
    >
      <span className="rh-row-head">
        <span className="tile-title">{t("recipe-history.version", { revision: summary.revision })}</span>
        {isNewest && <span className="tag">{t("recipe-history.now")}</span>}
        <time className="rh-when" dateTime={summary.created_at}>
          {formatMoment(summary.created_at)}
        </time>
      </span>
      <span className="tile-text">{what}</span>
    </Link>
  );
}
