import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LinkedText } from "../../../components/linked-text.tsx";
import { useT } from "../../../i18n/index.ts";
import { formatMoment } from "../../../lib/dates.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { TooManyJoins } from "../api/mutations.ts";
import { householdIdIn } from "../lib/invitations.ts";

/**
 * Why a join did not work, in words: the API's sentence, and what to do about it. An unknown, used
 * or expired code (422, or 404), already a member (409, with the way to that household), too many
 * tries (429, with when to try again); anything else as the API or the connection said it.
 */
export function JoinProblem({ error, level = 2 }: { error: unknown; level?: 2 | 3 }) {
  const { t } = useT();
  if (!error) return null;
  const status = error instanceof ApiError ? error.status : 0;
  const detail = errorMessage(error);
  let title = t("households.problem");
  let next: ReactNode = null;
  if (status === 422 || status === 404) {
    title = t("households.problemUnusable");
    next = <p>{t("households.problemUnusableNext")}</p>;
  } else if (status === 409) {
    title = t("households.problemMember");
    const id = householdIdIn(detail);
    next = (
      <p>
        {id !== null ? (
          <LinkedText
            text={t("households.problemMemberNext")}
            link={(words) => (
              <Link to="/households/$householdId" params={{ householdId: String(id) }}>
                {words}
              </Link>
            )}
          />
        ) : (
          <LinkedText
            text={t("households.problemMemberNextAll")}
            link={(words) => <Link to="/households">{words}</Link>}
          />
        )}
      </p>
    );
  } else if (status === 429) {
    title = t("households.problemTooMany");
    const at = error instanceof TooManyJoins ? error.retryAt : null;
    next = at !== null && <p>{t("households.tryAgainAt", { at: formatMoment(at) })}</p>;
  }
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="notice notice-error" role="alert">
      <Heading className="notice-title">{title}</Heading>
      <p>{detail}</p>
      {next}
    </div>
  );
}
