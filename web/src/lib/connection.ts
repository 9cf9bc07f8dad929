/**
 * Whether the API can be reached, as the query layer's `onlineManager` knows it. Changes kept offline
 * (lib/offline.ts) pause while it says offline and go out when it says online again, so this must be
 * right whatever the browser's events do: on a page controlled by a service worker, Chromium 156
 * fires neither "offline" nor "online" (navigator.onLine turns false and stays so), and on phones the
 * events and navigator.onLine are wrong either way now and then. So:
 * - a request that finds no service means offline (`noticeUnreachable`), whatever the browser says;
 * - while offline, the API's health is asked now and then (after 1 s, 2 s, 4 s, then every 5 s:
 *   back online is noticed within seconds, not after a long back-off),
 *   and at once on the "online" event, on focus and when the page becomes visible; the first answer
 *   means online, and TanStack Query sends the waiting changes;
 * - the "offline" event is believed at once (a request would fail anyway).
 */
import { onlineManager } from "@tanstack/react-query";
import { API_URL } from "./api/client.ts";
import { ApiError } from "./errors.ts";

const FIRST_CHECK_MS = 1_000;
/** Back online is noticed within seconds (a health read is tiny), not after a long back-off. */
const LAST_CHECK_MS = 5_000;
/** Public, answers whatever the database does (a 503 is an answer too), and never cached. */
const HEALTH_URL = `${API_URL}/api/v1/health`;

let nextCheckMs = FIRST_CHECK_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let checking = false;

function goOffline() {
  if (onlineManager.isOnline()) {
    onlineManager.setOnline(false);
    nextCheckMs = FIRST_CHECK_MS;
  }
  checkLater();
}

function checkLater() {
  if (timer !== undefined || checking || onlineManager.isOnline()) return;
  timer = setTimeout(() => void checkNow(), nextCheckMs);
  nextCheckMs = Math.min(nextCheckMs * 2, LAST_CHECK_MS);
}

/** Asks the API whether it answers; any answer means the connection is back. */
async function checkNow() {
  clearTimeout(timer);
  timer = undefined;
  if (checking || onlineManager.isOnline()) return;
  checking = true;
  const answered = await fetch(HEALTH_URL, { cache: "no-store" }).then(
    () => true,
    () => false,
  );
  checking = false;
  if (answered) onlineManager.setOnline(true);
  else checkLater();
}

/** A request that found no service (an ApiError with status 0) means offline until the API answers. */
export function noticeUnreachable(error: unknown): void {
  if (error instanceof ApiError && error.unreachable) goOffline();
}

/** Replaces TanStack Query's own listener (which believes the events alone); call once at start. */
export function watchConnection(): void {
  onlineManager.setEventListener(() => {
    const checkIfVisible = () => {
      if (document.visibilityState === "visible") void checkNow();
    };
    const checkAtOnce = () => void checkNow();
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", checkAtOnce);
    window.addEventListener("focus", checkAtOnce);
    document.addEventListener("visibilitychange", checkIfVisible);
    return () => {
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", checkAtOnce);
      window.removeEventListener("focus", checkAtOnce);
      document.removeEventListener("visibilitychange", checkIfVisible);
    };
  });
}
