/**
 * "Open invitations": the household's invitations that nobody has used and that have not expired,
 * newest first, each with who made it, when, and until when it works, and a way to revoke it (after
 * asking). Owners and admins see and revoke every one; a member sees and revokes their own (the API
 * answers each with what they may see). The codes themselves are never shown again: the API keeps
 * only their hashes.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Household } from "../../../lib/api/households.ts";
import { formatMoment } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useRevokeInvitation } from "../api/mutations.ts";
import { type OpenInvitation, openInvitations } from "../api/queries.ts";
import { formatDate } from "../lib/invitations.ts";

export function OpenInvitations({
  household,
  all,
  me,
}: {
  household: Household;
  /** Every member's invitations (owners and admins), or one's own. */
  all: boolean;
  me: number | undefined;
}) {
  const { t } = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState({ text: "", times: 0 });
  // After the commit that closes the dialog: closing a modal <dialog> gives the focus back to the
  // button that opened it, whose row then goes; the list's heading takes it instead. (A parent's
  // effects run after its children's, so this comes after the dialog's own close.)
  useEffect(() => {
    if (said.times > 0) heading.current?.focus();
  }, [said]);
  const query = useQuery(openInvitations(household.id));
  const items = query.data?.items;

  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t("households.openTitle")}
      </h2>
      <p>
        {all
          ? t("households.openAll", { name: household.name })
          : t("households.openMine", { name: household.name })}{" "}
        {t("households.openRevokeHint")}
      </p>
      {query.isPending ? (
        <Loading label={t("households.openLoading")} />
      ) : !items ? (
        <ErrorState
          title={t("households.openNotLoaded")}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="row-text">{all ? t("households.openNoneAll") : t("households.openNoneMine")}</p>
      ) : (
        <ul className="hh-members">
          {items.map((invitation) => (
            <li key={invitation.id}>
              <InvitationRow
                household={household}
                invitation={invitation}
                me={me}
                onRevoked={(text) => setSaid((before) => ({ text, times: before.times + 1 }))}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="hh-said" role="status">
        {said.text}
      </p>
    </section>
  );
}

function InvitationRow({
  household,
  invitation,
  me,
  onRevoked,
}: {
  household: Household;
  invitation: OpenInvitation;
  me: number | undefined;
  onRevoked: (sentence: string) => void;
}) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const revoke = useRevokeInvitation(household.id);
  const maker = invitation.created_by;
  const mine = maker !== null && maker.user_id === me;
  // A maker whose account is gone has no invitations left (the API removes them); null is kept apart anyway.
  const who =
    maker === null
      ? t("households.formerMember")
      : mine
        ? t("households.nameYou", { name: maker.username })
        : maker.username;
  /** Who made it, for the sentences: `{maker, select, former {…} you {…} other {{by}}}`. */
  const by = { maker: maker === null ? "former" : mine ? "you" : "other", by: maker?.username ?? "" };
  const until = formatMoment(invitation.expires_at);

  return (
    <div className="hh-member">
      <div className="hh-who">
        <span className="row-title">{who}</span>
        <span className="row-text">
          {t("households.madeUntil", { made: formatDate(invitation.created_at), until })}
        </span>
      </div>
      <button
        type="button"
        className="button button-quiet button-danger"
        aria-label={t("households.revokeNamed", { ...by, until })}
        onClick={() => {
          revoke.reset();
          setAsking(true);
        }}
      >
        {t("households.revoke")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("households.revokeTitle")}
        confirmLabel={revoke.isPending ? t("households.revoking") : t("households.revoke")}
        busy={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(invitation.id, {
            onSuccess: (outcome) => {
              setAsking(false);
              onRevoked(outcome === "revoked" ? t("households.revoked", by) : t("households.revokedGone"));
            },
          })
        }
        onCancel={() => setAsking(false)}
      >
        <p>{t("households.revokeText", { name: household.name, ...by, until })}</p>
        {revoke.isError && (
          <p className="notice notice-error" role="alert">
            {errorMessage(revoke.error)}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
