/**
 * "Invite someone": any member makes an invitation, shown as the link to send (copy, or the system's
 * share sheet where there is one), as a QR code of that link for a phone at hand, and as the code to
 * read out, with when it expires. The API keeps only the code's hash, so the invitation is shown this
 * once: another press makes a new one. A member with 10 open invitations is refused (409) until they
 * revoke one (Open invitations, below).
 */
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef } from "react";
import { LinkToSend } from "../../../components/link-to-send.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Household } from "../../../lib/api/households.ts";
import { formatMoment } from "../../../lib/dates.ts";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { useInvite } from "../api/mutations.ts";
import { groupCode, joinLink } from "../lib/invitations.ts";

type Invitation = { code: string; expires_at: string };

/**
 * The QR encoder (about 4 KB gzipped) is wanted only once an invitation is made: its own chunk. Should the
 * chunk not load, the link and the code still serve, so the code is simply left out.
 */
const QrCode = lazy(
  (): Promise<{ default: (props: { text: string; label: string }) => ReactNode }> =>
    import("./qr-code.tsx").then(
      (module) => ({ default: module.QrCode }),
      () => ({ default: () => null }),
    ),
);

export function Invite({ household }: { household: Household }) {
  const { t } = useT();
  const id = useId();
  const invite = useInvite(household.id);
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`}>{t("households.inviteTitle")}</h2>
      <p>{t("households.inviteText", { name: household.name })}</p>
      <button type="button" className="button" disabled={invite.isPending} onClick={() => invite.mutate()}>
        {invite.isPending
          ? t("households.making")
          : invite.data
            ? t("households.inviteAnother")
            : t("households.invite")}
      </button>
      {invite.isError && (
        <p className="field-error" role="alert">
          {errorMessage(invite.error)}
        </p>
      )}
      {invite.error instanceof ApiError && invite.error.status === 409 && (
        <p className="field-hint">{t("households.inviteTooMany")}</p>
      )}
      {invite.data && (
        <InvitationCard key={invite.data.code} invitation={invite.data} household={household} />
      )}
    </section>
  );
}

function InvitationCard({ invitation, household }: { invitation: Invitation; household: Household }) {
  const { t } = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const link = joinLink(window.location.origin, invitation.code);

  // A new invitation takes the focus, so it is what a screen reader reads next.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="hh-invitation">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t("households.invitationTo", { name: household.name })}
      </h3>
      <LinkToSend
        link={link}
        share={{
          title: t("households.shareTitle", { name: household.name }),
          text: t("households.shareText", { name: household.name }),
        }}
      />
      <div className="hh-code-qr">
        <p className="hh-code-line">
          {t("households.readCode")}{" "}
          <code className="hh-code" translate="no">
            {groupCode(invitation.code)}
          </code>
        </p>
        <figure className="hh-qr-figure">
          <Suspense fallback={<div className="hh-qr hh-qr-waiting" />}>
            <QrCode text={link} label={t("households.qrLabel")} />
          </Suspense>
          <figcaption>{t("households.qrCaption")}</figcaption>
        </figure>
      </div>
      <p className="field-hint">
        {t("households.worksOnce", { until: formatMoment(invitation.expires_at) })}
      </p>
    </div>
  );
}
