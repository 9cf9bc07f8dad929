/**
 * One household: its name (owners rename it), its members with their roles (owners change roles and
 * remove members), inviting someone (every member), the open invitations (owners see and revoke all,
 * members their own), what it shares, and leaving or deleting it.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useId } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import type { Household } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { positiveInt } from "../../../lib/search.ts";
import { householdDetail } from "../api/queries.ts";
import { HouseholdHead } from "../components/household-head.tsx";
import { Invite } from "../components/invite.tsx";
import { LeaveOrDelete } from "../components/leave-or-delete.tsx";
import { Members } from "../components/members.tsx";
import { OpenInvitations } from "../components/open-invitations.tsx";
import { mayInvite, mayManage } from "../lib/roles.ts";
import "../households.css";

export function HouseholdPage() {
  const { t } = useT();
  const { householdId } = useParams({ from: "/households/$householdId" });
  const id = positiveInt(householdId) ?? 0;
  const query = useQuery({ ...householdDetail(id), enabled: id > 0 });
  const household = query.data;
  const { session } = useAuth();
  useDocumentTitle(household?.name ?? t("households.pageTitle"));

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading label={t("households.loading")} />;
  if (!household) {
    return (
      <div className="page narrow">
        <p className="hh-back">
          <Link to="/households">{t("households.all")}</Link>
        </p>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const manage = mayManage(household, session);
  return (
    <div className="page narrow hh-page">
      <p className="hh-back">
        <Link to="/households">{t("households.all")}</Link>
      </p>
      <HouseholdHead household={household} manage={manage} />
      <Members household={household} manage={manage} me={session?.userId} />
      {mayInvite(household, session) && (
        <>
          <Invite household={household} />
          <OpenInvitations household={household} all={manage} me={session?.userId} />
        </>
      )}
      <Shared household={household} />
      <LeaveOrDelete household={household} manage={manage} me={session?.userId} />
    </div>
  );
}

/** What the household shares, and where: the lists and the meal plan, each with its "shared with". */
function Shared({ household }: { household: Household }) {
  const { t } = useT();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`}>{t("households.sharedTitle")}</h2>
      <p>{t("households.sharedText", { name: household.name })}</p>
      <p className="hh-actions">
        <Link to="/lists" className="button button-quiet">
          {t("households.shoppingLists")}
        </Link>
        <Link to="/meal-plan" search={{ household_id: household.id }} className="button button-quiet">
          {t("households.itsMealPlan")}
        </Link>
      </p>
    </section>
  );
}
