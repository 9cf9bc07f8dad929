/**
 * What a chosen version changed: against the version before it (what this version took out and
 * put in), or against the recipe as it is now (what changed since); and, for the recipe's owner or
 * an admin, restoring it.
 */
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useAuth } from "../../../lib/auth.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { revisionQueries } from "../api/queries.ts";
import { anyChange, diffRecipes } from "../lib/diff.ts";
import type { CompareWith } from "../lib/history-search.ts";
import { RecipeDiffView } from "./recipe-diff.tsx";
import { RestoreButton } from "./restore-button.tsx";
import { changesPanelId } from "./revision-row.tsx";

export function RevisionChanges({
  recipe,
  revision,
  compare,
  isNewest,
}: {
  /** The recipe as it is now. */
  recipe: Schemas["RecipeRead"];
  revision: number;
  compare: CompareWith;
  isNewest: boolean;
}) {
  const { t } = useT();
  const { session } = useAuth();
  const headingId = useId();
  const version = useQuery(revisionQueries.one(recipe.id, revision));
  // Versions are numbered one after another: the one before is revision - 1 (none before the first).
  const wantsPrevious = compare === "previous" && revision > 1;
  const previous = useQuery({ ...revisionQueries.one(recipe.id, revision - 1), enabled: wantsPrevious });

  let body: ReactNode;
  if (version.isError) body = <ErrorState error={version.error} onRetry={() => void version.refetch()} />;
  else if (wantsPrevious && previous.isError)
    body = <ErrorState error={previous.error} onRetry={() => void previous.refetch()} />;
  else if (!version.data || (wantsPrevious && !previous.data)) body = <Loading />;
  else {
    const diff =
      compare === "current"
        ? diffRecipes(version.data, recipe)
        : diffRecipes(wantsPrevious ? (previous.data ?? null) : null, version.data);
    const explain =
      compare === "current"
        ? t("recipe-history.explainCurrent", { revision })
        : revision === 1
          ? t("recipe-history.firstVersion")
          : t("recipe-history.explainPrevious");
    body = anyChange(diff) ? (
      <>
        <p className="hint">{explain}</p>
        <RecipeDiffView diff={diff} />
      </>
    ) : (
      <p>{compare === "current" ? t("recipe-history.noDifferences") : t("recipe-history.noChangesFound")}</p>
    );
  }

  return (
    <section id={changesPanelId(revision)} className="rh-changes" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {compare === "current"
          ? t("recipe-history.sinceVersion", { revision })
          : t("recipe-history.whatChanged", { revision })}
      </h2>
      <CompareChoice recipeId={recipe.id} revision={revision} compare={compare} />
      {body}
      {isNewest ? (
        <p className="hint">{t("recipe-history.isCurrent")}</p>
      ) : (
        mayEdit(session, recipe.user_id) && <RestoreButton recipeId={recipe.id} revision={revision} />
      )}
    </section>
  );
}

/** Compare with the version before, or with the recipe now: kept in the address, like the version. */
function CompareChoice({
  recipeId,
  revision,
  compare,
}: {
  recipeId: number;
  revision: number;
  compare: CompareWith;
}) {
  const { t } = useT();
  const name = useId();
  const navigate = useNavigate();
  const choose = (value: CompareWith) =>
    void navigate({
      to: "/recipes/$recipeId/history",
      params: { recipeId: String(recipeId) },
      search: { revision, compare: value === "current" ? "current" : undefined },
      replace: true,
      resetScroll: false,
    });
  const options: [CompareWith, string][] = [
    ["previous", t("recipe-history.comparePrevious")],
    ["current", t("recipe-history.compareCurrent")],
  ];
  return (
    <fieldset className="rh-compare">
      <legend>{t("recipe-history.compareWith")}</legend>
      {options.map(([value, words]) => (
        <label key={value} className="rh-compare-option">
          <input
            type="radio"
            name={name}
            value={value}
            checked={compare === value}
            onChange={() => choose(value)}
          />
          {words}
        </label>
      ))}
    </fieldset>
  );
}
