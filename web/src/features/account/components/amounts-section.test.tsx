import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { AmountsSection } from "./amounts-section.tsx";

const account = (units: string) => ({
  id: 1,
  username: "ada",
  email: "ada@example.com",
  role: "user",
  language: null,
  units,
  img: null,
  preview_img: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
});

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await activate("en");
});

describe("Amounts on the account page", () => {
  it("shows the account's measures and saves a change to the account", async () => {
    signInAs(1);
    vi.spyOn(api, "GET").mockResolvedValue({
      data: account("as_written"),
      response: new Response(null, { status: 200 }),
    } as never);
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: account("metric"),
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<AmountsSection />);
    await waitFor(() => expect(screen.getByRole("radio", { name: "As written" })).toBeChecked());

    fireEvent.click(screen.getByRole("radio", { name: "Metric" }));
    expect(screen.getByRole("radio", { name: "Metric" })).toBeChecked();
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith("/api/v1/users/preferences", { body: { units: "metric" } }),
    );
    expect(await screen.findByText("Saved: recipes now show amounts this way.")).toBeVisible();
    expect(localStorage.getItem("recipes.units")).toBe("metric");
  });

  it("keeps a visitor's choice on this device, and speaks German", async () => {
    await act(() => activate("de"));
    const put = vi.spyOn(api, "PUT");
    renderInApp(<AmountsSection />);
    expect(await screen.findByRole("heading", { name: "Mengen" })).toBeVisible();
    fireEvent.click(screen.getByRole("radio", { name: "US" }));
    expect(screen.getByRole("radio", { name: "US" })).toBeChecked();
    expect(localStorage.getItem("recipes.units")).toBe("us");
    expect(put).not.toHaveBeenCalled();
  });
});
