/**
 * "Add to calendar": a secret address of the meal plan (one's own and one's households', or one
 * household's) that a calendar app subscribes to. The address is shown once, when made (the service
 * keeps only a hash of it), with Copy and the steps for Google Calendar, Apple Calendar and
 * Thunderbird; the list shows the addresses made, each with Remove (the address stops working).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { LinkToSend } from "../../../components/link-to-send.tsx";
import { Loading } from "../../../components/loading.tsx";
import { SaveError } from "../../../components/save-error.tsx";
import { useT } from "../../../i18n/index.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { householdName } from "../../../lib/households.ts";
import {
  type CalendarLink,
  calendarLinkQueries,
  removeCalendarLink,
  useMakeCalendarLink,
} from "../api/calendar-links.ts";
import "../calendar-links.css";

export function CalendarLinks() {
  const { t, language } = useT();
  const id = useId();
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
  const queryClient = useQueryClient();
  const links = useQuery(calendarLinkQueries.list());
  const { households } = useMyHouseholds();
  const [householdId, setHouseholdId] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const make = useMakeCalendarLink();
  const made = make.data;
  const madeHeading = useRef<HTMLHeadingElement>(null);
  // A new address: the reader is taken to it (the form stays as it was, for another one).
  useEffect(() => {
    if (made) madeHeading.current?.focus();
  }, [made]);

  const whose = (link: Pick<CalendarLink, "household_id">) =>
    link.household_id === null ? t("calendar.mine") : householdName(households, link.household_id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaid("");
    make.mutate(householdId, {
      onSuccess: (link) => setSaid(t("calendar.made", { whose: whose(link) })),
    });
  };
  const removed = (link: CalendarLink) => {
    if (made?.id === link.id) make.reset(); // its address no longer works: not shown any more
    setSaid(t("calendar.removed", { whose: whose(link), day: day.format(new Date(link.created_at)) }));
    void queryClient.invalidateQueries({ queryKey: calendarLinkQueries.all });
  };

  return (
    <section className="calendar-links" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("calendar.heading")}</h2>
      <p className="hint">{t("calendar.intro")}</p>

      <p className="visually-hidden" role="status">
        {said}
      </p>
      <form className="calendar-form" noValidate onSubmit={submit}>
        <SaveError error={make.error} />
        {households.length > 0 && (
          <HouseholdSelect
            id={`${id}-whose`}
            label={t("calendar.whose")}
            value={householdId}
            households={households}
            onChange={setHouseholdId}
            privateLabel={t("calendar.mine")}
          />
        )}
        <button type="submit" className="button" disabled={make.isPending}>
          {make.isPending ? t("calendar.making") : t("calendar.make")}
        </button>
      </form>

      {made && (
        <div className="calendar-made notice">
          <h3 ref={madeHeading} tabIndex={-1}>
            {t("calendar.newAddress")}
          </h3>
          <p>{t("calendar.made", { whose: whose(made) })}</p>
          <LinkToSend link={made.url} label={t("calendar.address")} />
          <p>{t("calendar.onlyNow")}</p>
          <h3>{t("calendar.howTo")}</h3>
          <dl className="calendar-apps">
            <dt>{t("calendar.google")}</dt>
            <dd>{t("calendar.googleSteps")}</dd>
            <dt>{t("calendar.apple")}</dt>
            <dd>{t("calendar.appleSteps")}</dd>
            <dt>{t("calendar.thunderbird")}</dt>
            <dd>{t("calendar.thunderbirdSteps")}</dd>
          </dl>
        </div>
      )}

      <h3>{t("calendar.yourAddresses")}</h3>
      {links.isPending ? (
        <Loading label={t("calendar.loading")} />
      ) : links.isError ? (
        <ErrorState error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data.items.length === 0 ? (
        <p>{t("calendar.none")}</p>
      ) : (
        <ul className="calendar-list">
          {links.data.items.map((link) => {
            const madeOn = day.format(new Date(link.created_at));
            return (
              <li key={link.id} className="calendar-link">
                <span>
                  <strong>{whose(link)}</strong>
                  <span className="calendar-link-detail">
                    {t("calendar.madeOn", { day: madeOn })}
                    {" · "}
                    {link.last_read_at
                      ? t("calendar.lastRead", { day: day.format(new Date(link.last_read_at)) })
                      : t("calendar.neverRead")}
                  </span>
                </span>
                <DeleteButton
                  label={t("calendar.remove")}
                  accessibleLabel={t("calendar.removeLabel", { whose: whose(link), day: madeOn })}
                  title={t("calendar.removeTitle")}
                  action={() => removeCalendarLink(link.id)}
                  onDeleted={() => removed(link)}
                >
                  <p>{t("calendar.removeBody")}</p>
                </DeleteButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
