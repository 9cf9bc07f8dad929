import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { JoinPage } from "./join.tsx";

const CODE = "q1W-e_R2tY3uI4oP5aS6dF";
const open = () => renderInApp(<JoinPage />, { path: "/join/$code", url: `/join/${CODE}` });

beforeEach(() => {
  signInAs(2);
  vi.spyOn(api, "GET").mockResolvedValue({
    data: { id: 2, username: "bob" },
    response: new Response(null, { status: 200 }),
  } as never);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  auth.signOut();
});

describe("JoinPage", () => {
  it("says who is joining, joins on a press, and leads to the household", async () => {
    const household = makeHousehold({
      name: "Smiths",
      role: "member",
      members: [
        { id: 1, name: "anna" },
        { id: 2, name: "bob" },
      ],
    });
    const post = vi
      .spyOn(api, "POST")
      .mockResolvedValue({ data: household, response: new Response(null, { status: 200 }) } as never);
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Join a household" })).toBeVisible();
    expect(await screen.findByText("bob")).toBeVisible();
    expect(post).not.toHaveBeenCalled(); // opening the link alone uses nothing up

    fireEvent.click(screen.getByRole("button", { name: "Join the household" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "You joined Smiths" });
    expect(post).toHaveBeenCalledWith("/api/v1/households/join", { body: { code: CODE } });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText("You share its lists and meal plan with anna.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Open Smiths" })).toHaveAttribute("href", "/households/3");
  });

  it("an invalid code is said in words, and the page stays", async () => {
    vi.spyOn(api, "POST").mockResolvedValue({
      error: { status: 422, title: "Invalid", detail: "Invitation code is not valid." },
      response: new Response(null, { status: 422 }),
    } as never);
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Join the household" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This invitation cannot be used");
    expect(alert).toHaveTextContent("Invitation code is not valid.");
  });

  it("after too many tries the button waits until the API lets the person try again", async () => {
    // Only the clock is pinned (timers stay real): at noon, ten minutes later is the same day.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 10, 28, 12, 0) });
    vi.spyOn(api, "POST").mockResolvedValue({
      error: { status: 429, title: "Too many", detail: "Too many failed joins. Try again in 600 seconds." },
      response: new Response(null, { status: 429, headers: { "Retry-After": "600" } }),
    } as never);
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Join the household" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can try again at 12:10.");
    expect(screen.getByRole("button", { name: "Join the household" })).toBeDisabled();
    vi.useRealTimers();
  });

  it("someone else signed in logs out and comes back to the same link after logging in", async () => {
    const { router } = open();
    fireEvent.click(await screen.findByRole("button", { name: "Not you? Log in as someone else" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: `/join/${CODE}` });
    expect(auth.state().session).toBeNull();
  });
});
