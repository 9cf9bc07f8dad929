/**
 * The end of a membership: leave (every member), delete the household (owners and admins). Each asks
 * first and says what goes with it; afterwards the person is back on their households, and everything
 * read so far is read again (the household's lists and meals are no longer theirs to see).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DeleteButton } from "../../../components/delete-button.tsx";
import type { Household } from "../../../lib/api/households.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { deleteHousehold, membershipChanged, removeMember } from "../api/mutations.ts";
import { leaving } from "../lib/roles.ts";

export function LeaveOrDelete({
  household,
  manage,
  me,
}: {
  household: Household;
  manage: boolean;
  me: number | undefined;
}) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = me !== undefined && household.members.some((m) => m.user_id === me);
  if (!member && !manage) return null;

  const gone = async () => {
    await navigate({ to: "/households" });
    await membershipChanged(queryClient, me === undefined ? undefined : { householdId: household.id, me });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="hh-section hh-danger">
      <h2 id={`${id}-title`}>{member ? "Leave the household" : "Delete the household"}</h2>
      {member && me !== undefined && <Leave household={household} me={me} onLeft={gone} />}
      {manage && (
        <div className="hh-delete">
          <p>
            Deleting {household.name} ends it for everyone. Its shopping lists and planned meals stay, each
            its maker's own again, shared with nobody.
          </p>
          <DeleteButton
            label="Delete the household"
            title={`Delete ${household.name}?`}
            confirmLabel={`Delete ${household.name}`}
            action={() => deleteHousehold(household.id)}
            onDeleted={() => void gone()}
          >
            <p>
              Everyone in it loses the lists and meals the others shared. What each person made stays theirs.
              This cannot be undone.
            </p>
          </DeleteButton>
        </div>
      )}
    </section>
  );
}

function Leave({ household, me, onLeft }: { household: Household; me: number; onLeft: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const leave = useMutation({
    networkMode: "always",
    mutationFn: () => removeMember(household.id, me),
    onSuccess: async () => {
      setAsking(false);
      await onLeft();
    },
  });
  const situation = leaving(household, me);
  const needsOwner = leave.error instanceof ApiError && leave.error.status === 409;
  return (
    <div className="hh-leave">
      {situation === "only-owner" ? (
        <p>
          You are the only owner of {household.name}. Before you leave, make another member an owner (Members,
          above): a household keeps an owner while anyone is in it.
        </p>
      ) : situation === "alone" ? (
        <p>You are the only one in {household.name}: leaving deletes it.</p>
      ) : (
        <p>
          You will no longer see the lists and meals the others shared with {household.name}. What you made
          stays yours and stays shared with the household.
        </p>
      )}
      <button
        type="button"
        className="button button-quiet button-danger"
        onClick={() => {
          leave.reset();
          setAsking(true);
        }}
      >
        Leave {household.name}
      </button>
      <ConfirmDialog
        open={asking}
        title={`Leave ${household.name}?`}
        confirmLabel={leave.isPending ? "Leaving…" : "Leave"}
        busy={leave.isPending}
        onConfirm={() => leave.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {situation === "alone"
            ? `You are its only member: ${household.name} is deleted, and its lists and meals become their makers' own again.`
            : "The lists and meals the others shared go from your screens at once. You can join again only with a new invitation."}
        </p>
        {leave.isError && (
          <div className="notice notice-error" role="alert">
            <p>{errorMessage(leave.error)}</p>
            {needsOwner && (
              <p>
                You are its only owner, and others are still in it. Make one of them an owner first, then
                leave.
              </p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
