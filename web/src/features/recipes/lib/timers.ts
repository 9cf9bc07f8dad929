/**
 * Cook mode's timers (CONTRACT.md: cooking, timers in the steps), without React or the browser's
 * sound: what a timer is, how it starts, pauses, resumes and ends, and where it is kept. A running
 * timer keeps the moment it ends (`endsAt`, milliseconds since 1970), never a count of ticks, so a
 * reload, a page frozen in the background or a phone that slept reads the right time left at once.
 * They are kept in localStorage (one list for the device, every recipe's), so they survive a reload
 * and a walk to another page; two tabs share them through the `storage` event.
 */

/** A timer of a step, as found in its text by the API (`timers` of a step in a recipe read). */
export type StepTimer = { seconds: number; text: string; start: number; end: number };

export type KitchenTimer = {
  /** The recipe, the step and where in its text: starting the same words twice is one timer. */
  id: string;
  recipeId: number;
  recipeTitle: string;
  /** The step's number (1-based), which names the timer: "Step 3: 25 minutes". */
  step: number;
  /** The duration as the step writes it (`25 minutes`, `10–12 min`), and where in the step's text. */
  text: string;
  start: number;
  seconds: number;
  /** When it ends (ms since 1970) while it runs; null while paused. */
  endsAt: number | null;
  /** The time left (ms) when it was paused; null while it runs. */
  leftWhenPaused: number | null;
  /** It has rung: a reload does not ring it again. */
  rang: boolean;
};

export type TimerSpec = Pick<
  KitchenTimer,
  "recipeId" | "recipeTitle" | "step" | "text" | "start" | "seconds"
>;

export const STORAGE_KEY = "recipes.timers";
/** A timer that ended this long ago is dropped at the next change: nobody wants yesterday's. */
export const FORGET_AFTER_MS = 6 * 3600_000;
/** The longest single wait the page asks of setTimeout (browsers cap it at 2³¹−1 ms); it re-checks after. */
const LONGEST_WAIT_MS = 3600_000;

export const timerId = (spec: Pick<TimerSpec, "recipeId" | "step" | "start">) =>
  `${spec.recipeId}:${spec.step}:${spec.start}`;

/** The time left (ms, never below 0). */
export function timeLeft(timer: KitchenTimer, now: number): number {
  if (timer.endsAt === null) return Math.max(0, timer.leftWhenPaused ?? 0);
  return Math.max(0, timer.endsAt - now);
}

export const hasEnded = (timer: KitchenTimer, now: number): boolean =>
  timer.endsAt !== null && timer.endsAt <= now;

export const isPaused = (timer: KitchenTimer): boolean => timer.endsAt === null;

/**
 * Starts the step's timer: a new one, or again one that has ended. One that runs or is paused stays
 * as it is (a second press must not throw away the time it has counted): `started` says which.
 */
export function startTimer(
  timers: readonly KitchenTimer[],
  spec: TimerSpec,
  now: number,
): { timers: KitchenTimer[]; started: boolean; timer: KitchenTimer } {
  const id = timerId(spec);
  const existing = timers.find((t) => t.id === id);
  if (existing && !hasEnded(existing, now)) return { timers: [...timers], started: false, timer: existing };
  const timer: KitchenTimer = {
    id,
    recipeId: spec.recipeId,
    recipeTitle: spec.recipeTitle,
    step: spec.step,
    text: spec.text,
    start: spec.start,
    seconds: spec.seconds,
    endsAt: now + spec.seconds * 1000,
    leftWhenPaused: null,
    rang: false,
  };
  const kept = forgetOld(timers, now).filter((t) => t.id !== id);
  return { timers: [...kept, timer], started: true, timer };
}

/** Pauses a running timer that has not ended; anything else is left as it is. */
export function pauseTimer(timers: readonly KitchenTimer[], id: string, now: number): KitchenTimer[] {
  return timers.map((t) =>
    t.id === id && t.endsAt !== null && !hasEnded(t, now)
      ? { ...t, endsAt: null, leftWhenPaused: t.endsAt - now }
      : t,
  );
}

/** Runs a paused timer on from the time it had left. */
export function resumeTimer(timers: readonly KitchenTimer[], id: string, now: number): KitchenTimer[] {
  return timers.map((t) =>
    t.id === id && t.endsAt === null
      ? { ...t, endsAt: now + (t.leftWhenPaused ?? 0), leftWhenPaused: null }
      : t,
  );
}

export const removeTimer = (timers: readonly KitchenTimer[], id: string): KitchenTimer[] =>
  timers.filter((t) => t.id !== id);

/** The timers that have ended and not rung yet (a reload after one ended rings it once). */
export const dueToRing = (timers: readonly KitchenTimer[], now: number): KitchenTimer[] =>
  timers.filter((t) => hasEnded(t, now) && !t.rang);

export const markRung = (timers: readonly KitchenTimer[], ids: ReadonlySet<string>): KitchenTimer[] =>
  timers.map((t) => (ids.has(t.id) ? { ...t, rang: true } : t));

/** Drops timers that ended long ago. */
export const forgetOld = (timers: readonly KitchenTimer[], now: number): KitchenTimer[] =>
  timers.filter((t) => t.endsAt === null || now - t.endsAt < FORGET_AFTER_MS);

/** How long until the next running timer ends (ms), capped at an hour; null when none runs. */
export function nextWait(timers: readonly KitchenTimer[], now: number): number | null {
  let soonest: number | null = null;
  for (const t of timers) {
    if (t.endsAt === null || t.rang) continue;
    const wait = Math.max(0, t.endsAt - now);
    if (soonest === null || wait < soonest) soonest = wait;
  }
  return soonest === null ? null : Math.min(soonest, LONGEST_WAIT_MS);
}

/**
 * The time left as a kitchen clock shows it: `4:05`, `1:02:03`. Seconds round up, so `0:00` is shown
 * only when the time is up.
 */
export function clock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** The time left in whole hours, minutes and seconds (seconds rounded up), for words. */
export function parts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

export type StepPart = { text: string } | { text: string; timer: StepTimer; index: number };

/**
 * A step's text cut into plain words and its timers' words, in order, for cook mode to put a button
 * in place of each. Offsets out of the text or overlapping an earlier timer are skipped (the text
 * stays as it is), so a step is never shown with words lost or twice.
 */
export function stepParts(description: string, timers: readonly StepTimer[]): StepPart[] {
  const sorted = timers
    .map((timer, index) => ({ timer, index }))
    .filter(({ timer }) => timer.start >= 0 && timer.end <= description.length && timer.start < timer.end)
    .sort((a, b) => a.timer.start - b.timer.start);
  const out: StepPart[] = [];
  let at = 0;
  for (const { timer, index } of sorted) {
    if (timer.start < at) continue;
    if (timer.start > at) out.push({ text: description.slice(at, timer.start) });
    out.push({ text: description.slice(timer.start, timer.end), timer, index });
    at = timer.end;
  }
  if (at < description.length) out.push({ text: description.slice(at) });
  return out;
}

const isTimer = (value: unknown): value is KitchenTimer => {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  return (
    typeof t.id === "string" &&
    num(t.recipeId) &&
    typeof t.recipeTitle === "string" &&
    num(t.step) &&
    typeof t.text === "string" &&
    num(t.start) &&
    num(t.seconds) &&
    (t.endsAt === null || num(t.endsAt)) &&
    (t.leftWhenPaused === null || num(t.leftWhenPaused)) &&
    (t.endsAt !== null || t.leftWhenPaused !== null) &&
    typeof t.rang === "boolean"
  );
};

/** The kept list, read leniently: anything unreadable is no timer (never an error in the kitchen). */
export function parseTimers(raw: string | null): KitchenTimer[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isTimer) : [];
  } catch {
    return [];
  }
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The device's timers, for React's useSyncExternalStore: `subscribe`/`getSnapshot` follow the list;
 * `onRing` hears each timer as it ends, once (ending is checked by one setTimeout to the next end,
 * not a tick every second: a page in the background gets few wake-ups, and one is enough; it checks
 * again when the page is shown). Changes are written at once, so a reload or another tab sees them.
 */
export function createTimerStore(storage: Store = localStorage, now: () => number = Date.now) {
  const listeners = new Set<() => void>();
  const ringers = new Set<(ended: KitchenTimer[]) => void>();
  let raw: string | null = null;
  let cached: KitchenTimer[] = [];
  let wait: ReturnType<typeof setTimeout> | undefined;

  const read = (): KitchenTimer[] => {
    let current: string | null;
    try {
      current = storage.getItem(STORAGE_KEY);
    } catch {
      current = null; // storage refused (private mode): the list is empty
    }
    if (current !== raw) {
      raw = current;
      cached = parseTimers(current);
    }
    return cached;
  };

  const write = (timers: KitchenTimer[]) => {
    try {
      if (timers.length === 0) storage.removeItem(STORAGE_KEY);
      else storage.setItem(STORAGE_KEY, JSON.stringify(timers));
    } catch {
      // storage full or refused: the timers still run on this page
    }
    raw = timers.length === 0 ? null : JSON.stringify(timers);
    cached = timers;
    for (const listener of listeners) listener();
    arm();
  };

  /** Rings what has ended (once: marked rung first, so another tab or a reload does not ring it again). */
  const check = () => {
    if (ringers.size === 0) return;
    const due = dueToRing(read(), now());
    if (due.length > 0) {
      write(markRung(read(), new Set(due.map((t) => t.id))));
      for (const ring of ringers) ring(due);
    } else arm();
  };

  function arm() {
    clearTimeout(wait);
    wait = undefined;
    if (ringers.size === 0) return;
    const next = nextWait(read(), now());
    if (next !== null) wait = setTimeout(check, next);
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEY) return;
    for (const listener of listeners) listener();
    arm();
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") check();
  };

  return {
    getSnapshot: read,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
    /** Hears timers as they end while a listener is there; a timer that ended meanwhile rings at once. */
    onRing(ring: (ended: KitchenTimer[]) => void): () => void {
      ringers.add(ring);
      if (ringers.size === 1) document.addEventListener("visibilitychange", onVisible);
      check();
      return () => {
        ringers.delete(ring);
        if (ringers.size === 0) {
          document.removeEventListener("visibilitychange", onVisible);
          clearTimeout(wait);
          wait = undefined;
        }
      };
    },
    /** Starts a step's timer; `started` false when it already runs (or is paused). */
    start(spec: TimerSpec): { started: boolean; timer: KitchenTimer } {
      const result = startTimer(read(), spec, now());
      if (result.started) write(result.timers);
      return result;
    },
    pause: (id: string) => write(pauseTimer(read(), id, now())),
    resume: (id: string) => write(resumeTimer(read(), id, now())),
    remove: (id: string) => write(removeTimer(read(), id)),
    check,
  };
}

export type TimerStore = ReturnType<typeof createTimerStore>;
