import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { makeHousehold, renderInApp } from "../../../lib/testing.tsx";
import { Invite } from "./invite.tsx";

const CODE = "q1W-e_R2tY3uI4oP5aS6dF";

afterEach(() => vi.restoreAllMocks());

describe("Invite", () => {
  it("makes an invitation and shows it as a link to send and a code to read out, with its expiry", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue({
      data: { code: CODE, expires_at: "2099-12-08T14:05:00Z" },
      response: new Response(null, { status: 201 }),
    } as never);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderInApp(<Invite household={makeHousehold({ name: "Smiths", role: "member" })} />);

    fireEvent.click(await screen.findByRole("button", { name: "Make an invitation" }));
    const heading = await screen.findByRole("heading", { name: "Invitation to Smiths" });
    expect(post).toHaveBeenCalledWith("/api/v1/households/{household_id}/invitations", {
      params: { path: { household_id: 3 } },
      body: {},
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const link = `${window.location.origin}/join/${CODE}`;
    expect(screen.getByLabelText("Link to send")).toHaveValue(link);
    expect(screen.getByText("q1W- e_R2 tY3u I4oP 5aS6 dF")).toBeVisible();
    expect(screen.getByText(/^Works once, until .*December.* at \d\d:\d\d\./)).toBeVisible();
    // No share sheet in jsdom: only "Copy link".
    expect(screen.queryByRole("button", { name: "Share…" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByRole("status")).toHaveTextContent("Copied the link.");
    expect(screen.getByRole("button", { name: "Make another invitation" })).toBeEnabled();
  });

  it("offers the share sheet where there is one", async () => {
    vi.spyOn(api, "POST").mockResolvedValue({
      data: { code: CODE, expires_at: "2099-12-08T14:05:00Z" },
      response: new Response(null, { status: 201 }),
    } as never);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    try {
      renderInApp(<Invite household={makeHousehold({ name: "Smiths", role: "member" })} />);
      fireEvent.click(await screen.findByRole("button", { name: "Make an invitation" }));
      fireEvent.click(await screen.findByRole("button", { name: "Share…" }));
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Join Smiths", url: `${window.location.origin}/join/${CODE}` }),
      );
    } finally {
      Reflect.deleteProperty(navigator, "share");
    }
  });

  it("shows the API's sentence when no invitation could be made", async () => {
    vi.spyOn(api, "POST").mockResolvedValue({
      error: { status: 403, title: "Forbidden", detail: "Household ID 3 belongs to other users." },
      response: new Response(null, { status: 403 }),
    } as never);
    renderInApp(<Invite household={makeHousehold({ role: "member" })} />);
    fireEvent.click(await screen.findByRole("button", { name: "Make an invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Household ID 3 belongs to other users.");
  });
});
