import { onlineManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noticeUnreachable, watchConnection } from "./connection.ts";
import { ApiError } from "./errors.ts";

/** The API's health as the browser reaches it: answering, or failing like fetch() with no network. */
let reachable = false;
const fetchMock = vi.fn(async () => {
  if (!reachable) throw new TypeError("Failed to fetch");
  return new Response("{}", { status: 200 });
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
  reachable = false;
  watchConnection();
  onlineManager.setOnline(true);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unreachable = new ApiError(0, "The service could not be reached.");

describe("the connection", () => {
  it("is offline after a request finds no service, with no offline event", () => {
    noticeUnreachable(unreachable);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it("ignores answers: a 4xx or 5xx came from the API, so it is reachable", () => {
    noticeUnreachable(new ApiError(503, "down"));
    noticeUnreachable(new ApiError(422, "invalid"));
    noticeUnreachable(new Error("other"));
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("asks the API's health with a growing pause and is online at its first answer, with no online event", async () => {
    noticeUnreachable(unreachable);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenLastCalledWith("/api/v1/health", { cache: "no-store" });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(fetchMock).toHaveBeenCalledTimes(2); // the third waits 4 s
    reachable = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onlineManager.isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3); // online: no more checks
  });

  it("never waits longer than 5 s between two checks (back online is noticed within seconds)", async () => {
    noticeUnreachable(unreachable);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it.each([
    ["the online event", () => window.dispatchEvent(new Event("online"))],
    ["focus", () => window.dispatchEvent(new Event("focus"))],
    ["the page becoming visible", () => document.dispatchEvent(new Event("visibilitychange"))],
  ])("checks at once on %s", async (_name, event) => {
    noticeUnreachable(unreachable);
    reachable = true;
    event();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("believes the offline event at once and checks later", async () => {
    window.dispatchEvent(new Event("offline"));
    expect(onlineManager.isOnline()).toBe(false);
    reachable = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("stays offline while the checks fail", async () => {
    noticeUnreachable(unreachable);
    window.dispatchEvent(new Event("online")); // the browser says so; the API does not answer
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onlineManager.isOnline()).toBe(false);
  });
});
