import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { NotificationSupport } from "../lib/alarm.ts";
import type { KitchenTimer } from "../lib/timers.ts";
import { TimerTray } from "./timer-tray.tsx";

const NOW = Date.parse("2026-11-29T18:00:00Z");
const timer = (over: Partial<KitchenTimer>): KitchenTimer => ({
  id: "5:3:5",
  recipeId: 5,
  recipeTitle: "Bread",
  step: 3,
  text: "25 minutes",
  start: 5,
  seconds: 1500,
  endsAt: NOW + 1_500_000,
  leftWhenPaused: null,
  rang: false,
  ...over,
});

function tray(timers: KitchenTimer[], support: NotificationSupport = "granted") {
  const actions = { onPause: vi.fn(), onResume: vi.fn(), onRemove: vi.fn(), onAllowNotifications: vi.fn() };
  render(
    <TimerTray timers={timers} now={NOW} said="" alert="" support={support} recipeId={5} {...actions} />,
  );
  return actions;
}

describe("TimerTray", () => {
  it("shows nothing but its live regions without timers", () => {
    tray([]);
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("shows a running timer's clock, its time left in words, pause and cancel", () => {
    const running = timer({ endsAt: NOW + 3_723_000 });
    const actions = tray([running]);
    const item = screen.getByRole("listitem");
    expect(item).toHaveTextContent("Step 3: 25 minutes");
    expect(item).toHaveTextContent("1:02:03");
    expect(screen.getByText("1 hour 2 minutes left")).toHaveClass("visually-hidden");
    // The clock itself is not read out (it changes every second).
    expect(screen.getByText("1:02:03")).toHaveAttribute("aria-hidden", "true");
    screen.getByRole("button", { name: "Pause Step 3: 25 minutes" }).click();
    expect(actions.onPause).toHaveBeenCalledWith(running);
    screen.getByRole("button", { name: "Cancel Step 3: 25 minutes" }).click();
    expect(actions.onRemove).toHaveBeenCalledWith(running);
  });

  it("resumes a paused timer, and says it is paused", () => {
    const paused = timer({ endsAt: null, leftWhenPaused: 61_000 });
    const actions = tray([paused]);
    expect(screen.getByText("Paused, 1 minute 1 second left")).toBeInTheDocument();
    screen.getByRole("button", { name: "Resume Step 3: 25 minutes" }).click();
    expect(actions.onResume).toHaveBeenCalledWith(paused);
  });

  it("keeps an ended timer until it is cleared", () => {
    const ended = timer({ endsAt: NOW - 1000, rang: true });
    const actions = tray([ended]);
    expect(screen.getByRole("listitem")).toHaveTextContent("Time’s up");
    expect(screen.queryByRole("button", { name: /Pause/ })).toBeNull();
    screen.getByRole("button", { name: "Clear Step 3: 25 minutes" }).click();
    expect(actions.onRemove).toHaveBeenCalledWith(ended);
  });

  it("names another recipe's timer by its recipe", () => {
    tray([timer({ id: "9:1:0", recipeId: 9, recipeTitle: "Soup", step: 1, text: "20 minutes" })]);
    expect(screen.getByRole("listitem")).toHaveTextContent("Soup");
  });

  it("says plainly when no notification can tell of an end", () => {
    tray([timer({})], "denied");
    expect(screen.getByText(/Notifications are off for this site/)).toBeVisible();
  });

  it("offers to allow notifications while they were never allowed", () => {
    const actions = tray([timer({})], "ask");
    expect(screen.getByText(/Notifications are not allowed yet/)).toBeVisible();
    screen.getByRole("button", { name: "Allow notifications" }).click();
    expect(actions.onAllowNotifications).toHaveBeenCalled();
  });

  it("tells an iPhone where notifications are possible", () => {
    tray([timer({})], "home-screen");
    expect(screen.getByText(/on the home screen \(Share → Add to Home Screen\)/)).toBeVisible();
  });

  it("says nothing of notifications when they are allowed", () => {
    tray([timer({})], "granted");
    expect(screen.queryByText(/notif/i)).toBeNull();
  });
});
