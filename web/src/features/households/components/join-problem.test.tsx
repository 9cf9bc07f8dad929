import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError, errorMessage } from "../../../lib/errors.ts";
import { renderInApp } from "../../../lib/testing.tsx";
import { TooManyJoins } from "../api/mutations.ts";
import { JoinProblem } from "./join-problem.tsx";

describe("JoinProblem", () => {
  it("says an unknown, used or expired code cannot be used, and what to do", async () => {
    renderInApp(<JoinProblem error={new ApiError(422, "Invitation code is not valid.")} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This invitation cannot be used");
    expect(alert).toHaveTextContent("Invitation code is not valid.");
    expect(alert).toHaveTextContent("ask someone in the household to make a new one");
  });

  it("leads a member to the household they are already in (409)", async () => {
    renderInApp(
      <JoinProblem error={new ApiError(409, "User ID 5 is already a member of household ID 3.")} />,
    );
    expect(await screen.findByRole("heading", { name: "You are already in this household" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Open the household" })).toHaveAttribute("href", "/households/3");
  });

  it("says when to try again after too many tries (429)", async () => {
    const at = new Date();
    at.setHours(at.getHours() < 23 ? at.getHours() + 1 : at.getHours(), 5, 0, 0);
    const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }).format(at);
    const error = new TooManyJoins("Too many failed joins. Try again in 900 seconds.", at.getTime());
    renderInApp(<JoinProblem error={error} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Too many tries");
    expect(alert).toHaveTextContent(errorMessage(error)); // the app's sentence for a 429 (lib/errors.ts)
    expect(alert).toHaveTextContent(`You can try again at ${time}.`);
  });

  it("shows nothing without an error", () => {
    renderInApp(<JoinProblem error={null} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
