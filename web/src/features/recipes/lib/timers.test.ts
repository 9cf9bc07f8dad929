import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clock,
  createTimerStore,
  dueToRing,
  FORGET_AFTER_MS,
  type KitchenTimer,
  nextWait,
  parseTimers,
  parts,
  pauseTimer,
  resumeTimer,
  STORAGE_KEY,
  startTimer,
  stepParts,
  type TimerSpec,
  timeLeft,
} from "./timers.ts";

const NOW = Date.parse("2026-11-29T18:00:00Z");
const bake: TimerSpec = {
  recipeId: 5,
  recipeTitle: "Bread",
  step: 3,
  text: "25 minutes",
  start: 5,
  seconds: 1500,
};
const rest: TimerSpec = {
  recipeId: 5,
  recipeTitle: "Bread",
  step: 4,
  text: "10 min",
  start: 0,
  seconds: 600,
};

describe("a timer", () => {
  it("keeps the moment it ends, and counts down from the clock", () => {
    const { timers, started, timer } = startTimer([], bake, NOW);
    expect(started).toBe(true);
    expect(timers).toEqual([timer]);
    expect(timer).toMatchObject({ id: "5:3:5", endsAt: NOW + 1_500_000, leftWhenPaused: null, rang: false });
    expect(timeLeft(timer, NOW + 60_000)).toBe(1_440_000);
    expect(timeLeft(timer, NOW + 2_000_000)).toBe(0);
  });

  it("is one timer per words of a step: pressing again keeps it running, once ended it starts again", () => {
    const first = startTimer([], bake, NOW);
    const again = startTimer(first.timers, bake, NOW + 60_000);
    expect(again.started).toBe(false);
    expect(again.timers).toEqual(first.timers);
    const later = startTimer(first.timers, bake, NOW + 1_600_000);
    expect(later.started).toBe(true);
    expect(later.timers).toHaveLength(1);
    expect(later.timer.endsAt).toBe(NOW + 1_600_000 + 1_500_000);
  });

  it("runs beside others (of other steps and recipes)", () => {
    const one = startTimer([], bake, NOW).timers;
    const two = startTimer(one, rest, NOW + 1000).timers;
    const three = startTimer(two, { ...rest, recipeId: 9, recipeTitle: "Soup" }, NOW + 2000).timers;
    expect(three.map((t) => t.id)).toEqual(["5:3:5", "5:4:0", "9:4:0"]);
  });

  it("pauses with the time it had left and resumes from it", () => {
    const timers = startTimer([], bake, NOW).timers;
    const paused = pauseTimer(timers, "5:3:5", NOW + 100_000);
    expect(paused[0]).toMatchObject({ endsAt: null, leftWhenPaused: 1_400_000 });
    expect(timeLeft(paused[0] as KitchenTimer, NOW + 999_999)).toBe(1_400_000);
    const resumed = resumeTimer(paused, "5:3:5", NOW + 500_000);
    expect(resumed[0]).toMatchObject({ endsAt: NOW + 1_900_000, leftWhenPaused: null });
  });

  it("rings once: due when ended and not rung", () => {
    const timers = startTimer(startTimer([], bake, NOW).timers, rest, NOW).timers;
    expect(dueToRing(timers, NOW + 599_999)).toEqual([]);
    expect(dueToRing(timers, NOW + 600_000).map((t) => t.id)).toEqual(["5:4:0"]);
    expect(nextWait(timers, NOW)).toBe(600_000);
    expect(nextWait(pauseTimer(timers, "5:4:0", NOW), NOW)).toBe(1_500_000);
    expect(nextWait([], NOW)).toBeNull();
    // Never longer than an hour: the page checks again then (setTimeout's limit is about 24 days).
    expect(nextWait(startTimer([], { ...bake, seconds: 10 * 3600 }, NOW).timers, NOW)).toBe(3_600_000);
  });

  it("forgets timers that ended long ago at the next start", () => {
    const old = startTimer([], bake, NOW).timers;
    const later = NOW + 1_500_000 + FORGET_AFTER_MS;
    expect(startTimer(old, rest, later).timers.map((t) => t.id)).toEqual(["5:4:0"]);
  });
});

describe("clock and parts", () => {
  it("write the time left as a kitchen clock, seconds rounded up", () => {
    expect(clock(1_500_000)).toBe("25:00");
    expect(clock(1_499_001)).toBe("25:00");
    expect(clock(1_499_000)).toBe("24:59");
    expect(clock(65_000)).toBe("1:05");
    expect(clock(999)).toBe("0:01");
    expect(clock(0)).toBe("0:00");
    expect(clock(-5)).toBe("0:00");
    expect(clock(3_723_000)).toBe("1:02:03");
    expect(parts(3_723_000)).toEqual({ hours: 1, minutes: 2, seconds: 3 });
    expect(parts(59_001)).toEqual({ hours: 0, minutes: 1, seconds: 0 });
  });
});

describe("stepParts", () => {
  it("cuts a step into words and its timers' words, in order", () => {
    const text = "Bake 25 minutes, then rest 10 min.";
    const timers = [
      { seconds: 600, text: "10 min", start: 27, end: 33 },
      { seconds: 1500, text: "25 minutes", start: 5, end: 15 },
    ];
    expect(stepParts(text, timers)).toEqual([
      { text: "Bake " },
      { text: "25 minutes", timer: timers[1], index: 1 },
      { text: ", then rest " },
      { text: "10 min", timer: timers[0], index: 0 },
      { text: "." },
    ]);
  });

  it("keeps every word once when offsets are out of the text or overlap", () => {
    const text = "Simmer 20 minutes";
    const parts = stepParts(text, [
      { seconds: 1200, text: "20 minutes", start: 7, end: 17 },
      { seconds: 1200, text: "20", start: 7, end: 9 },
      { seconds: 60, text: "x", start: 15, end: 40 },
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.filter((p) => "timer" in p)).toHaveLength(1);
    expect(stepParts("Knead.", [])).toEqual([{ text: "Knead." }]);
  });
});

describe("parseTimers", () => {
  it("reads the kept list leniently", () => {
    const timer = startTimer([], bake, NOW).timer;
    expect(parseTimers(JSON.stringify([timer, { id: 3 }, null]))).toEqual([timer]);
    expect(parseTimers("not json")).toEqual([]);
    expect(parseTimers('{"a":1}')).toEqual([]);
    expect(parseTimers(null)).toEqual([]);
  });
});

describe("createTimerStore", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps end times in storage (never a count), and rings each timer once as it ends", () => {
    const store = createTimerStore();
    const rang: string[][] = [];
    const stop = store.onRing((ended) => rang.push(ended.map((t) => t.id)));
    store.start(bake);
    store.start(rest);
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as KitchenTimer[];
    expect(kept.map((t) => t.endsAt)).toEqual([NOW + 1_500_000, NOW + 600_000]);

    vi.advanceTimersByTime(599_999);
    expect(rang).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rang).toEqual([["5:4:0"]]);
    vi.advanceTimersByTime(900_000);
    expect(rang).toEqual([["5:4:0"], ["5:3:5"]]);
    vi.advanceTimersByTime(3_600_000);
    expect(rang).toHaveLength(2);
    expect(store.getSnapshot().every((t) => t.rang)).toBe(true);
    stop();
  });

  it("survives a reload: a new store reads the same timers, and rings one that ended meanwhile", () => {
    const before = createTimerStore();
    before.start(bake);
    before.start(rest);
    before.pause("5:3:5");
    vi.setSystemTime(NOW + 700_000); // the page was closed for a while
    const after = createTimerStore();
    expect(after.getSnapshot().map((t) => [t.id, timeLeft(t, Date.now())])).toEqual([
      ["5:3:5", 1_500_000],
      ["5:4:0", 0],
    ]);
    const rang: string[] = [];
    const stop = after.onRing((ended) => rang.push(...ended.map((t) => t.id)));
    expect(rang).toEqual(["5:4:0"]);
    // and once only: yet another reload does not ring it again
    const stop2 = createTimerStore().onRing((ended) => rang.push(...ended.map((t) => t.id)));
    expect(rang).toEqual(["5:4:0"]);
    stop();
    stop2();
  });

  it("does not ring a paused timer, rings it after resuming, and not at all once removed", () => {
    const store = createTimerStore();
    const rang: string[] = [];
    const stop = store.onRing((ended) => rang.push(...ended.map((t) => t.id)));
    store.start(bake);
    store.start(rest);
    store.pause("5:4:0");
    store.remove("5:3:5");
    vi.advanceTimersByTime(2_000_000);
    expect(rang).toEqual([]);
    store.resume("5:4:0");
    vi.advanceTimersByTime(600_000);
    expect(rang).toEqual(["5:4:0"]);
    stop();
  });

  it("tells its subscribers of every change, another tab's too", () => {
    const store = createTimerStore();
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    const start = store.start(bake);
    expect(start.started).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.start(bake).started).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    const snapshot = store.getSnapshot();
    expect(store.getSnapshot()).toBe(snapshot); // stable between changes, as React wants
    // another tab writes the list
    localStorage.setItem(STORAGE_KEY, JSON.stringify([]));
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY }));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual([]);
    stop();
  });

  it("checks again when the page is shown, however long the browser held its timeouts back", () => {
    const store = createTimerStore();
    const rang: string[] = [];
    const stop = store.onRing((ended) => rang.push(...ended.map((t) => t.id)));
    store.start(rest);
    // A frozen page: the clock moves on, no timeout fires.
    vi.setSystemTime(NOW + 900_000);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(rang).toEqual(["5:4:0"]);
    stop();
  });
});
