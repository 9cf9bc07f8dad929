/**
 * "Household": the households one is in (most people have one; some two, a flat and a family), each
 * with its members; making a new one; joining one with a code someone read out.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import { type Household, householdQueries } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { CreateHouseholdForm } from "../components/create-household-form.tsx";
import { JoinCodeForm } from "../components/join-code-form.tsx";
import { memberCount } from "../lib/roles.ts";
import "../households.css";

export function HouseholdsPage() {
  const { t } = useT();
  useDocumentTitle(t("households.title"));
  const { session } = useAuth();
  const query = useInfiniteQuery(householdQueries.list(session?.userId ?? 0));
  return (
    <div className="page narrow">
      <h1>{t("households.title")}</h1>
      <p className="lead">{t("households.lead")}</p>
      <h2>{t("households.yours")}</h2>
      <PagedList query={query} empty={t("households.none")} className="hh-list">
        {(household) => <HouseholdRow household={household} />}
      </PagedList>
      <CreateHouseholdForm />
      <JoinCodeForm />
    </div>
  );
}

function HouseholdRow({ household }: { household: Household }) {
  const { t } = useT();
  const names = household.members.map((m) => m.username).join(", ");
  return (
    <Link
      to="/households/$householdId"
      params={{ householdId: String(household.id) }}
      className="tile hh-row"
    >
      <span className="tile-title">{household.name}</span>
      <span className="tile-text">
        {household.role
          ? t("households.rowSummary", { count: household.members.length, role: household.role })
          : memberCount(household.members.length)}
      </span>
      <span className="tile-text hh-row-names">{names}</span>
    </Link>
  );
}
