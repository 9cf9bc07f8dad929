import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { HouseholdsPage } from "./households.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await act(() => activate("en"));
});

const answer = () =>
  vi.spyOn(api, "GET").mockResolvedValue({
    data: {
      items: [
        makeHousehold({ id: 3, name: "Smiths", role: "owner", members: [{ id: 1 }, { id: 2 }] }),
        makeHousehold({ id: 4, name: "Flat 3B", role: null, members: [{ id: 5 }] }),
      ],
      next_cursor: null,
    },
    response: new Response(null, { status: 200 }),
  } as never);

describe("HouseholdsPage", () => {
  it("lists one's households with their members and one's role", async () => {
    signInAs(1);
    answer();
    renderInApp(<HouseholdsPage />);
    expect(await screen.findByText("2 members · you are an owner")).toBeVisible();
    expect(screen.getByText("1 member")).toBeVisible();
  });

  it("speaks German: words, and plurals by the number", async () => {
    signInAs(1);
    answer();
    await act(() => activate("de"));
    renderInApp(<HouseholdsPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Haushalte" })).toBeVisible();
    expect(await screen.findByText("2 Mitglieder · du bist Eigentümer")).toBeVisible();
    expect(screen.getByText("1 Mitglied")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Einen Haushalt gründen" })).toBeVisible();
  });
});
