/**
 * "Household": the households one is in (most people have one; some two, a flat and a family), each
 * with its members; making a new one; joining one with a code someone read out.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { PagedList } from "../../../components/paged-list.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { type Household, householdQueries } from "../../../lib/api/households.ts";
import { useAuth } from "../../../lib/auth.ts";
import { CreateHouseholdForm } from "../components/create-household-form.tsx";
import { JoinCodeForm } from "../components/join-code-form.tsx";
import { memberCount, roleInSentence } from "../lib/roles.ts";
import "../households.css";

export function HouseholdsPage() {
  useDocumentTitle("Households");
  const { session } = useAuth();
  const query = useInfiniteQuery(householdQueries.list(session?.userId ?? 0));
  return (
    <div className="page narrow">
      <h1>Households</h1>
      <p className="lead">
        The people you shop and cook with. Everyone in a household shares the shopping lists and meals shared
        with it: they read, tick and plan alike.
      </p>
      <h2>Your households</h2>
      <PagedList query={query} empty="You are not in a household yet" className="hh-list">
        {(household) => <HouseholdRow household={household} />}
      </PagedList>
      <CreateHouseholdForm />
      <JoinCodeForm />
    </div>
  );
}

function HouseholdRow({ household }: { household: Household }) {
  const names = household.members.map((m) => m.username).join(", ");
  return (
    <Link
      to="/households/$householdId"
      params={{ householdId: String(household.id) }}
      className="tile hh-row"
    >
      <span className="tile-title">{household.name}</span>
      <span className="tile-text">
        {memberCount(household.members.length)}
        {household.role ? ` · you are ${roleInSentence(household.role)}` : ""}
      </span>
      <span className="tile-text hh-row-names">{names}</span>
    </Link>
  );
}
