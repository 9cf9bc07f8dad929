import { useId, useRef } from "react";
import { type MessageId, useT } from "../../../i18n/index.ts";
import type { NotificationSupport } from "../lib/alarm.ts";
import { clock, hasEnded, isPaused, type KitchenTimer, parts, timeLeft } from "../lib/timers.ts";
import { timerName } from "./use-cook-timers.ts";
import "./cook-timers.css";

/** What the tray says when a timer cannot reach the cook with the page hidden. */
const SUPPORT_NOTICE: Partial<Record<NotificationSupport, MessageId>> = {
  ask: "cook-timers.notificationsAsk",
  denied: "cook-timers.notificationsNotAllowed",
  "home-screen": "cook-timers.notificationsHomeScreen",
  unsupported: "cook-timers.notificationsUnsupported",
};

/**
 * The running timers, at the foot of the screen whatever is scrolled: each named by its step (and
 * its recipe when another one's), its time left, and pause, resume and cancel; one that ended says so
 * until dismissed. The clock is hidden from screen readers, which get the time left in words when
 * they come to it; starts and ends are said once, in live regions (`said`, `alert`).
 */
export function TimerTray({
  timers,
  now,
  said,
  alert,
  support,
  recipeId,
  onPause,
  onResume,
  onRemove,
  onAllowNotifications,
}: {
  timers: readonly KitchenTimer[];
  now: number;
  said: string;
  alert: string;
  support: NotificationSupport;
  /** The recipe on screen: other recipes' timers carry their title. */
  recipeId: number;
  onPause: (timer: KitchenTimer) => void;
  onResume: (timer: KitchenTimer) => void;
  onRemove: (timer: KitchenTimer) => void;
  /** Asks for notification permission (a press: browsers ask only so). */
  onAllowNotifications: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const notice = SUPPORT_NOTICE[support];
  const mayAsk = support === "ask";

  const left = (ms: number) => {
    const { hours, minutes, seconds } = parts(ms);
    return hours > 0
      ? t("cook-timers.leftHours", { hours, minutes })
      : t("cook-timers.leftMinutes", { minutes, seconds });
  };
  const removeAndRefocus = (timer: KitchenTimer) => {
    onRemove(timer);
    // The pressed button is gone: the tray's heading keeps the place, or the step when none is left.
    if (timers.length > 1) heading.current?.focus();
    else document.getElementById("cook-step-label")?.focus();
  };

  return (
    <>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <p className="visually-hidden" role="alert">
        {alert}
      </p>
      {timers.length > 0 && (
        <section className="timer-tray" aria-labelledby={`${id}-heading`}>
          <h2 id={`${id}-heading`} className="visually-hidden" ref={heading} tabIndex={-1}>
            {t("cook-timers.timers")}
          </h2>
          <ul className="timer-list">
            {timers.map((timer) => {
              const name = timerName(timer);
              const ended = timer.rang || hasEnded(timer, now);
              const paused = isPaused(timer);
              const ms = ended ? 0 : timeLeft(timer, now);
              return (
                <li
                  key={timer.id}
                  className="timer"
                  data-state={ended ? "ended" : paused ? "paused" : "running"}
                >
                  <span className="timer-label">
                    <span className="timer-name">{name}</span>
                    {timer.recipeId !== recipeId && <span className="timer-recipe">{timer.recipeTitle}</span>}
                  </span>
                  <span className="timer-clock" aria-hidden="true">
                    {clock(ms)}
                  </span>
                  {ended ? (
                    <span className="timer-ended">{t("cook-timers.ended")}</span>
                  ) : (
                    <span className="visually-hidden">
                      {paused ? t("cook-timers.pausedLeft", { left: left(ms) }) : left(ms)}
                    </span>
                  )}
                  {ended ? null : paused ? (
                    <button
                      type="button"
                      className="button button-quiet timer-action"
                      aria-label={t("cook-timers.resumeTimer", { name })}
                      onClick={() => onResume(timer)}
                    >
                      {t("cook-timers.resume")}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button-quiet timer-action"
                      aria-label={t("cook-timers.pauseTimer", { name })}
                      onClick={() => onPause(timer)}
                    >
                      {t("cook-timers.pause")}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-quiet timer-action"
                    aria-label={t(ended ? "cook-timers.clearTimer" : "cook-timers.cancelTimer", { name })}
                    onClick={() => removeAndRefocus(timer)}
                  >
                    {t(ended ? "cook-timers.clear" : "cook-timers.cancel")}
                  </button>
                </li>
              );
            })}
          </ul>
          {notice && (
            <p className="timer-notice">
              {t(notice)}
              {mayAsk && (
                <>
                  {" "}
                  <button type="button" className="button button-quiet" onClick={onAllowNotifications}>
                    {t("cook-timers.allowNotifications")}
                  </button>
                </>
              )}
            </p>
          )}
        </section>
      )}
    </>
  );
}
