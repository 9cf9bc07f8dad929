/**
 * The members of a household, owners first, each with their role and since when; owners (and admins)
 * change roles and remove members. The API's refusals (the only owner stepping down: 409) are shown
 * as its sentence with what to do.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useT } from "../../../i18n/index.ts";
import {
  type Household,
  type HouseholdMember,
  type HouseholdRole,
  householdQueries,
} from "../../../lib/api/households.ts";
import { formatDay } from "../../../lib/dates.ts";
import { ApiError } from "../../../lib/errors.ts";
import { removeMember, useChangeRole } from "../api/mutations.ts";
import { ROLES, roleName } from "../lib/roles.ts";

export function Members({
  household,
  manage,
  me,
}: {
  household: Household;
  manage: boolean;
  me: number | undefined;
}) {
  const { t } = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState("");
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t("households.members")}
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
                setSaid(t("households.memberGone", { member: member.username, household: household.name }));
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
  const { t } = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<HouseholdRole>(member.role);
  const [said, setSaid] = useState("");
  const change = useChangeRole(household.id);
  const joined = formatDay(member.joined_at.slice(0, 10), { day: "numeric", month: "long", year: "numeric" });

  return (
    <div className="hh-member">
      <div className="hh-who">
        <span className="row-title">
          {self ? t("households.nameYou", { name: member.username }) : member.username}
        </span>
        <span className="hh-badge" data-role={member.role}>
          {roleName(member.role)}
        </span>
        <span className="row-text">{t("households.joined", { date: joined })}</span>
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
                  setSaid(
                    self
                      ? t("households.roleChangedYou", { role })
                      : t("households.roleChanged", { name: member.username, role }),
                  ),
                onError: () => setSaid(""),
              },
            );
          }}
        >
          <label htmlFor={`${id}-role`}>
            {self ? t("households.yourRole") : t("households.roleOf", { name: member.username })}
          </label>
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
            aria-label={
              self ? t("households.changeRoleYours") : t("households.changeRoleOf", { name: member.username })
            }
          >
            {t("households.changeRole")}
          </button>
        </form>
      )}
      {manage && !self && (
        <DeleteButton
          label={t("households.remove")}
          accessibleLabel={t("households.removeNamed", { name: member.username })}
          title={t("households.removeTitle", { member: member.username, household: household.name })}
          confirmLabel={t("households.removeNamed", { name: member.username })}
          action={() => removeMember(household.id, member.user_id)}
          onDeleted={() => {
            onRemoved();
            void queryClient.invalidateQueries({ queryKey: householdQueries.all });
          }}
        >
          <p>{t("households.removeText", { name: household.name })}</p>
        </DeleteButton>
      )}
      <p className="hh-said" role="status">
        {said}
      </p>
      <SaveError error={change.error} />
      {change.error instanceof ApiError && change.error.status === 409 && (
        <p className="field-hint">{t("households.stepDownHint")}</p>
      )}
    </div>
  );
}
