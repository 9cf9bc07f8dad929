import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
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
  if (!error) return null;
  const status = error instanceof ApiError ? error.status : 0;
  const detail = errorMessage(error);
  let title = "Joining did not work";
  let next: ReactNode = null;
  if (status === 422 || status === 404) {
    title = "This invitation cannot be used";
    next = (
      <p>
        An invitation works once, and for 7 days. Check the code for a typo, or ask someone in the household
        to make a new one.
      </p>
    );
  } else if (status === 409) {
    title = "You are already in this household";
    const id = householdIdIn(detail);
    next = (
      <p>
        {id !== null ? (
          <Link to="/households/$householdId" params={{ householdId: String(id) }}>
            Open the household
          </Link>
        ) : (
          <Link to="/households">Your households</Link>
        )}
        . The invitation was not used up: someone else can still join with it.
      </p>
    );
  } else if (status === 429) {
    title = "Too many tries";
    const at = error instanceof TooManyJoins ? error.retryAt : null;
    next = at !== null && <p>You can try again at {formatMoment(at)}.</p>;
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
