/**
 * The page an invitation link opens (`/join/<code>`; without a session the router sends the person to
 * log in first and back here). An invitation cannot be read before it is used, so the page says who
 * is about to join and joins on a press: a link opened by the wrong account does not use the code up.
 * Then it says what happened: joined (the way to the household), or why not (JoinProblem).
 */
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { LinkedText } from "../../../components/linked-text.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useT } from "../../../i18n/index.ts";
import type { Household } from "../../../lib/api/households.ts";
import { accountQueries, useAccount } from "../../../lib/api/users.ts";
import { auth, useAuth } from "../../../lib/auth.ts";
import { TooManyJoins, useJoinHousehold } from "../api/mutations.ts";
import { JoinProblem } from "../components/join-problem.tsx";
import { codeFromInput } from "../lib/invitations.ts";
import { useUntil } from "../lib/use-until.ts";
import "../households.css";

export function JoinPage() {
  const { t } = useT();
  const { code: raw } = useParams({ from: "/join/$code" });
  const code = codeFromInput(raw);
  const { session } = useAuth();
  const me = useAccount(session);
  const join = useJoinHousehold();
  const waiting = useUntil(join.error instanceof TooManyJoins ? join.error.retryAt : null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(
    join.data ? t("households.joinedTitle", { name: join.data.name }) : t("households.joinTitle"),
  );

  // The code is for the person it was sent to: log out, log in as them, and come back here.
  const switchAccount = () => {
    auth.signOut();
    queryClient.removeQueries({ queryKey: accountQueries.all });
    void navigate({ to: "/login", search: { redirect: location.href } });
  };

  if (join.data) return <Joined household={join.data} />;

  return (
    <div className="page narrow hh-join">
      <h1>{t("households.joinTitle")}</h1>
      <p>{t("households.joinText")}</p>
      <p>
        <LinkedText
          text={t("households.signedInAs", { name: me.data?.username ?? "…" })}
          link={(name) => <strong>{name}</strong>}
        />{" "}
        <button type="button" className="link-button" onClick={switchAccount}>
          {t("households.notYou")}
        </button>
      </p>
      <button
        type="button"
        className="button button-large"
        disabled={join.isPending || waiting || !code}
        onClick={() => join.mutate(code)}
      >
        {join.isPending ? t("households.joining") : t("households.joinHousehold")}
      </button>
      <JoinProblem error={join.error} />
      <p>
        <Link to="/households">{t("households.yours")}</Link>
      </p>
    </div>
  );
}

/** Joined: where it is, who else is in it, and the way there. The heading takes the focus. */
function Joined({ household }: { household: Household }) {
  const { t } = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { session } = useAuth();
  const others = household.members.filter((m) => m.user_id !== session?.userId).map((m) => m.username);
  return (
    <div className="page narrow hh-join">
      <h1 ref={heading} tabIndex={-1}>
        {t("households.youJoined", { name: household.name })}
      </h1>
      <p role="status">
        {others.length > 0
          ? t("households.shareWith", { names: others.join(", ") })
          : t("households.welcome")}
      </p>
      <p className="hh-join-next">
        <Link
          to="/households/$householdId"
          params={{ householdId: String(household.id) }}
          className="button button-large"
        >
          {t("households.openNamed", { name: household.name })}
        </Link>
        <Link to="/lists" className="button button-quiet">
          {t("households.shoppingLists")}
        </Link>
      </p>
    </div>
  );
}
