import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { currentLanguage, t } from "../../../i18n/index.ts";
import {
  askForNotifications,
  type NotificationSupport,
  notificationEnvironment,
  notificationSupport,
  notify,
  playChime,
  unlockSound,
  vibrate,
} from "../lib/alarm.ts";
import { clock, createTimerStore, type KitchenTimer, type TimerSpec, timeLeft } from "../lib/timers.ts";

/** The device's timers: one list for every page and tab (lib/timers.ts). */
export const kitchenTimers = createTimerStore();

export const timerName = (timer: Pick<KitchenTimer, "step" | "text">) =>
  t("cook-timers.timerName", { step: timer.step, text: timer.text });

/** The time now, again every second while `ticking` and the page is shown (nothing to see otherwise). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    const follow = () => {
      clearInterval(interval);
      interval = undefined;
      if (document.visibilityState !== "visible") return;
      setNow(Date.now());
      interval = setInterval(() => setNow(Date.now()), 1000);
    };
    follow();
    document.addEventListener("visibilitychange", follow);
    return () => {
      clearInterval(interval);
      document.removeEventListener("visibilitychange", follow);
    };
  }, [ticking]);
  return now;
}

/**
 * Cook mode's timers: the list, the time now (for what is left), what to say (a start, an end), and
 * the actions. While mounted, a timer that ends rings: the tone, a vibration, and, with the page
 * hidden, a notification. What is said goes to live regions: a start and an end, never each second.
 */
export function useCookTimers() {
  const timers = useSyncExternalStore(kitchenTimers.subscribe, kitchenTimers.getSnapshot);
  const waiting = timers.some((timer) => timer.endsAt !== null && !timer.rang);
  const now = useNow(waiting);
  const [said, setSaid] = useState("");
  const [alert, setAlert] = useState("");
  const [support, setSupport] = useState<NotificationSupport>(() =>
    notificationSupport(notificationEnvironment()),
  );

  useEffect(
    () =>
      kitchenTimers.onRing((ended) => {
        playChime();
        vibrate();
        const names = ended.map(timerName);
        const list = new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(names);
        setAlert(t("cook-timers.timeIsUp", { names: list }));
        if (document.visibilityState === "hidden") {
          for (const [i, timer] of ended.entries())
            void notify(
              t("cook-timers.timeIsUp", { names: names[i] }),
              timer.recipeTitle,
              timer.id,
              `/recipes/${timer.recipeId}/cook?step=${timer.step}`,
            );
        }
      }),
    [],
  );

  // After a reload the browser allows sound again only after a press on the page: the first one
  // (anywhere) unlocks it for the timers that still run.
  useEffect(() => {
    if (!waiting) return;
    const events = ["pointerdown", "keydown"] as const;
    const unlock = () => {
      unlockSound();
      for (const name of events) document.removeEventListener(name, unlock, true);
    };
    for (const name of events) document.addEventListener(name, unlock, true);
    return () => {
      for (const name of events) document.removeEventListener(name, unlock, true);
    };
  }, [waiting]);

  const start = useCallback((spec: TimerSpec) => {
    unlockSound(); // within the press: browsers allow sound later only so
    const { started, timer } = kitchenTimers.start(spec);
    const name = timerName(timer);
    setSaid(
      started
        ? t("cook-timers.started", { name, left: clock(timer.seconds * 1000) })
        : t("cook-timers.alreadyRunning", { name, left: clock(timeLeft(timer, Date.now())) }),
    );
    if (started) void askForNotifications().then(setSupport);
  }, []);

  const pause = useCallback((timer: KitchenTimer) => {
    kitchenTimers.pause(timer.id);
    setSaid(t("cook-timers.paused", { name: timerName(timer) }));
  }, []);
  const resume = useCallback((timer: KitchenTimer) => {
    unlockSound();
    kitchenTimers.resume(timer.id);
    setSaid(t("cook-timers.resumed", { name: timerName(timer) }));
  }, []);
  const remove = useCallback((timer: KitchenTimer) => {
    kitchenTimers.remove(timer.id);
    setSaid(t("cook-timers.removed", { name: timerName(timer) }));
  }, []);

  const allowNotifications = useCallback(() => void askForNotifications().then(setSupport), []);

  return { timers, now, said, alert, support, start, pause, resume, remove, allowNotifications };
}
