/**
 * "Invite someone": any member makes an invitation, shown as the link to send (copy, or the system's
 * share sheet where there is one), as a QR code of that link for a phone at hand, and as the code to
 * read out, with when it expires. The API keeps only the code's hash, so the invitation is shown this
 * once: another press makes a new one. A member with 10 open invitations is refused (409) until they
 * revoke one (Open invitations, below).
 */
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef } from "react";
import { LinkToSend } from "../../../components/link-to-send.tsx";
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
  const id = useId();
  const invite = useInvite(household.id);
  return (
    <section aria-labelledby={`${id}-title`} className="hh-section">
      <h2 id={`${id}-title`}>Invite someone</h2>
      <p>
        An invitation lets one person join {household.name}, within 7 days. Send them the link, or read them
        the code: they type it on their Household page.
      </p>
      <button type="button" className="button" disabled={invite.isPending} onClick={() => invite.mutate()}>
        {invite.isPending ? "Making it…" : invite.data ? "Make another invitation" : "Make an invitation"}
      </button>
      {invite.isError && (
        <p className="field-error" role="alert">
          {errorMessage(invite.error)}
        </p>
      )}
      {invite.error instanceof ApiError && invite.error.status === 409 && (
        <p className="field-hint">
          Revoke one you no longer need under “Open invitations”, below, then make another.
        </p>
      )}
      {invite.data && (
        <InvitationCard key={invite.data.code} invitation={invite.data} household={household} />
      )}
    </section>
  );
}

function InvitationCard({ invitation, household }: { invitation: Invitation; household: Household }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const link = joinLink(window.location.origin, invitation.code);

  // A new invitation takes the focus, so it is what a screen reader reads next.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="hh-invitation">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Invitation to {household.name}
      </h3>
      <LinkToSend
        link={link}
        share={{
          title: `Join ${household.name}`,
          text: `Join my household “${household.name}” to share shopping lists and the meal plan:`,
        }}
      />
      <div className="hh-code-qr">
        <p className="hh-code-line">
          Or read out the code (capital letters count):{" "}
          <code className="hh-code" translate="no">
            {groupCode(invitation.code)}
          </code>
        </p>
        <figure className="hh-qr-figure">
          <Suspense fallback={<div className="hh-qr hh-qr-waiting" />}>
            <QrCode text={link} label="QR code of the invitation link" />
          </Suspense>
          <figcaption>Or they scan this with their phone’s camera: it opens the link.</figcaption>
        </figure>
      </div>
      <p className="field-hint">
        Works once, until {formatMoment(invitation.expires_at)}. It is shown only now: if it gets lost, make
        another.
      </p>
    </div>
  );
}
