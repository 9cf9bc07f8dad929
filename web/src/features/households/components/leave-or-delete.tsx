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
import { useT } from "../../../i18n/index.ts";
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
  const { t } = useT();
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
      <h2 id={`${id}-title`}>{member ? t("households.leaveTitle") : t("households.deleteTitle")}</h2>
      {member && me !== undefined && <Leave household={household} me={me} onLeft={gone} />}
      {manage && (
        <div className="hh-delete">
          <p>{t("households.deleteText", { name: household.name })}</p>
          <DeleteButton
            label={t("households.deleteTitle")}
            title={t("households.deleteAsk", { name: household.name })}
            confirmLabel={t("households.deleteNamed", { name: household.name })}
            action={() => deleteHousehold(household.id)}
            onDeleted={() => void gone()}
          >
            <p>{t("households.deleteWarning")}</p>
          </DeleteButton>
        </div>
      )}
    </section>
  );
}

function Leave({ household, me, onLeft }: { household: Household; me: number; onLeft: () => Promise<void> }) {
  const { t } = useT();
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
        <p>{t("households.onlyOwner", { name: household.name })}</p>
      ) : situation === "alone" ? (
        <p>{t("households.alone", { name: household.name })}</p>
      ) : (
        <p>{t("households.leaveText", { name: household.name })}</p>
      )}
      <button
        type="button"
        className="button button-quiet button-danger"
        onClick={() => {
          leave.reset();
          setAsking(true);
        }}
      >
        {t("households.leaveNamed", { name: household.name })}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("households.leaveAsk", { name: household.name })}
        confirmLabel={leave.isPending ? t("households.leaving") : t("households.leave")}
        busy={leave.isPending}
        onConfirm={() => leave.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {situation === "alone"
            ? t("households.leaveAloneWarning", { name: household.name })
            : t("households.leaveWarning")}
        </p>
        {leave.isError && (
          <div className="notice notice-error" role="alert">
            <p>{errorMessage(leave.error)}</p>
            {needsOwner && <p>{t("households.leaveNeedsOwner")}</p>}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
