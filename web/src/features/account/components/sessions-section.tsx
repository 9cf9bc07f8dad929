/**
 * "Where you're signed in": the account's sessions, this device first named as such, the others by
 * their browser and last use, each with "Sign out" (its tokens stop at once: a lost phone is asked to
 * log in again on its next request).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { endSession, sessionQueries } from "../api/account.ts";
import { describeDevice, lastUsed } from "../lib/device.ts";

type Session = Schemas["SessionRead"];

export function SessionsSection() {
  const { t } = useT();
  const sessions = useQuery(sessionQueries.list());
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: (session: Session) => endSession(session.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueries.all }),
  });
  const items = [...(sessions.data?.items ?? [])].sort((a, b) => Number(b.current) - Number(a.current));

  return (
    <section aria-labelledby="sessions-heading" className="account-section">
      <h2 id="sessions-heading">{t("account.sessionsHeading")}</h2>
      {sessions.isPending ? (
        <Loading label={t("account.sessionsLoading")} />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <SaveError error={end.error} />
          <ul className="sessions">
            {items.map((session) => (
              <li key={session.id} className="session">
                <span>
                  <strong>
                    {session.current ? t("account.thisDevice") : describeDevice(session.user_agent)}
                  </strong>
                  <span className="session-detail">
                    {session.current
                      ? describeDevice(session.user_agent)
                      : t("account.lastUsed", { when: lastUsed(session.last_used_at) })}
                  </span>
                </span>
                {!session.current && (
                  <button
                    type="button"
                    className="button button-quiet"
                    disabled={end.isPending && end.variables?.id === session.id}
                    aria-label={t("account.signOutDevice", {
                      device: describeDevice(session.user_agent),
                      when: lastUsed(session.last_used_at),
                    })}
                    onClick={() => end.mutate(session)}
                  >
                    {t("account.signOut")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
