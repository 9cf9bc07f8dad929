import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { encode } from "uqr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { makeHousehold, renderInApp } from "../../../lib/testing.tsx";
import { qrPath } from "../lib/qr-path.ts";
import { Invite } from "./invite.tsx";
import { OpenInvitations } from "./open-invitations.tsx";

const CODE = "q1W-e_R2tY3uI4oP5aS6dF";

afterEach(() => vi.restoreAllMocks());

describe("Invite", () => {
  it("makes an invitation and shows it as a link to send and a code to read out, with its expiry", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue({
      data: { id: 7, code: CODE, expires_at: "2099-12-08T14:05:00Z" },
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
    // Beside the code, the link as a QR code another phone's camera opens (its encoder loads lazily).
    const qr = await screen.findByRole("img", { name: "QR code of the invitation link" });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelector("path")?.getAttribute("d")).toBe(
      qrPath(encode(link, { ecc: "M", border: 4 }).data),
    );
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
      data: { id: 7, code: CODE, expires_at: "2099-12-08T14:05:00Z" },
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

  it("at 10 open invitations, shows the API's 409 and where to revoke one", async () => {
    vi.spyOn(api, "POST").mockResolvedValue({
      error: {
        status: 409,
        title: "Conflict",
        detail: "You have 10 open invitations to household ID 3: revoke one before making another.",
      },
      response: new Response(null, { status: 409 }),
    } as never);
    renderInApp(<Invite household={makeHousehold({ role: "member" })} />);
    fireEvent.click(await screen.findByRole("button", { name: "Make an invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You have 10 open invitations to household ID 3: revoke one before making another.",
    );
    expect(
      screen.getByText("Revoke one you no longer need under “Open invitations”, below, then make another."),
    ).toBeVisible();
    expect(screen.queryByRole("img", { name: "QR code of the invitation link" })).toBeNull();
  });

  it("reads the open invitations again once one is made", async () => {
    const made = { id: 7, created_by: { user_id: 2, username: "bob" }, created_at: "2099-12-01T12:00:00Z" };
    const get = vi
      .spyOn(api, "GET")
      .mockResolvedValueOnce({ data: { items: [] }, response: new Response(null, { status: 200 }) } as never)
      .mockResolvedValue({
        data: { items: [{ ...made, expires_at: "2099-12-08T12:00:00Z" }] },
        response: new Response(null, { status: 200 }),
      } as never);
    vi.spyOn(api, "POST").mockResolvedValue({
      data: { id: 7, code: CODE, expires_at: "2099-12-08T12:00:00Z" },
      response: new Response(null, { status: 201 }),
    } as never);
    const household = makeHousehold({ role: "member", members: [{ id: 1 }, { id: 2, name: "bob" }] });
    renderInApp(
      <>
        <Invite household={household} />
        <OpenInvitations household={household} all={false} me={2} />
      </>,
    );
    const open = await screen.findByRole("region", { name: "Open invitations" });
    expect(await within(open).findByText("You have no open invitations.")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Make an invitation" }));
    expect(await within(open).findByText("bob (you)")).toBeVisible();
    expect(get).toHaveBeenCalledTimes(2);
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
