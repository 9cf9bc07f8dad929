/**
 * The members of a household, owners first, each with their role and since when; owners (and admins)
 * change roles and remove members. The API's refusals (the only owner stepping down: 409) are shown
 * as its sentence with what to do.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import {
  type Household,
  type HouseholdMember,
  type HouseholdRole,
  householdQueries,
} from "../../../lib/api/households.ts";
import { formatDay } from "../../../lib/dates.ts";
import { ApiError } from "../../../lib/errors.ts";
import { removeMember, useChangeRole } from "../api/mutations.ts";
import { ROLES, roleInSentence, roleName } from "../lib/roles.ts";

export function Members({
  household,
  manage,
  me,
}: {
  household: Household;
  manage: boolean;
  me: number | undefined;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState("");
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Members
      </h2>
      <ul className="hh-members">
        {household.members.map((member) => (
          <li key={member.user_id}>
            <MemberRow
              household={household}
              member={member}
              manage={manage}
              self={member.user_id === me}
              onRemoved={() => {
                setSaid(`${member.username} is no longer in ${household.name}.`);
                heading.current?.focus(); // their row is gone: the list's heading takes the focus
              }}
            />
          </li>
        ))}
      </ul>
      <p className="hh-said" role="status">
        {said}
      </p>
    </section>
  );
}

function MemberRow({
  household,
  member,
  manage,
  self,
  onRemoved,
}: {
  household: Household;
  member: HouseholdMember;
  manage: boolean;
  self: boolean;
  onRemoved: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<HouseholdRole>(member.role);
  const [said, setSaid] = useState("");
  const change = useChangeRole(household.id);
  const of = self ? "your own" : `of ${member.username}`;
  const joined = formatDay(member.joined_at.slice(0, 10), { day: "numeric", month: "long", year: "numeric" });

  return (
    <div className="hh-member">
      <div className="hh-who">
        <span className="row-title">
          {member.username}
          {self && " (you)"}
        </span>
        <span className="hh-badge" data-role={member.role}>
          {roleName(member.role)}
        </span>
        <span className="row-text">Joined {joined}</span>
      </div>
      {manage && (
        <form
          className="hh-role"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate(
              { userId: member.user_id, role },
              {
                onSuccess: () =>
                  setSaid(`${self ? "You are" : `${member.username} is`} now ${roleInSentence(role)}.`),
                onError: () => setSaid(""),
              },
            );
          }}
        >
          <label htmlFor={`${id}-role`}>{self ? "Your role" : `Role of ${member.username}`}</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => {
              setRole(event.currentTarget.value as HouseholdRole);
              change.reset();
              setSaid("");
            }}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="button button-quiet"
            disabled={change.isPending || role === member.role}
          >
            Change role<span className="visually-hidden"> ({of})</span>
          </button>
        </form>
      )}
      {manage && !self && (
        <DeleteButton
          label="Remove"
          accessibleLabel={`Remove ${member.username}`}
          title={`Remove ${member.username} from ${household.name}?`}
          confirmLabel={`Remove ${member.username}`}
          action={() => removeMember(household.id, member.user_id)}
          onDeleted={() => {
            onRemoved();
            void queryClient.invalidateQueries({ queryKey: householdQueries.all });
          }}
        >
          <p>
            They will no longer see the lists others shared with {household.name}, nor its meal plan. What
            they made stays theirs and stays shared with the household.
          </p>
        </DeleteButton>
      )}
      <p className="hh-said" role="status">
        {said}
      </p>
      <SaveError error={change.error} />
      {change.error instanceof ApiError && change.error.status === 409 && (
        <p className="field-hint">Make another member an owner first, then step down.</p>
      )}
    </div>
  );
}
