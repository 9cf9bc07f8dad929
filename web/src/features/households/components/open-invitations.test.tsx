import { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import type { OpenInvitation } from "../api/queries.ts";
import { OpenInvitations } from "./open-invitations.tsx";

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

const smiths = (role: "owner" | "member") =>
  makeHousehold({
    name: "Smiths",
    role,
    members: [
      { id: 1, name: "anna" },
      { id: 2, name: "bob" },
    ],
  });

// At noon UTC, so that the day is the same in the time zone the tests run in.
const byBob: OpenInvitation = {
  id: 8,
  created_by: { user_id: 2, username: "bob" },
  created_at: "2099-12-02T12:00:00Z",
  expires_at: "2099-12-09T12:00:00Z",
};
const byAnna: OpenInvitation = {
  id: 7,
  created_by: { user_id: 1, username: "anna" },
  created_at: "2099-12-01T12:00:00Z",
  expires_at: "2099-12-08T12:00:00Z",
};

const answer = (items: OpenInvitation[]) =>
  ({ data: { items }, response: new Response(null, { status: 200 }) }) as never;
const problem = (status: number, detail: string) =>
  ({
    error: { type: "about:blank", title: "Refused", status, detail },
    response: new Response(null, { status }),
  }) as never;

describe("OpenInvitations", () => {
  it("an owner sees every open invitation, newest first: who made it, when, until when", async () => {
    signInAs(1);
    const get = vi.spyOn(api, "GET").mockResolvedValue(answer([byBob, byAnna]));
    renderInApp(<OpenInvitations household={smiths("owner")} all me={1} />);
    const section = await screen.findByRole("region", { name: "Open invitations" });
    const rows = await within(section).findAllByRole("listitem");
    expect(rows.map((r) => r.querySelector(".row-title")?.textContent)).toEqual(["bob", "anna (you)"]);
    expect(rows[0]).toHaveTextContent(/Made 2 December 2099 · works until Wednesday 9 December at \d\d:\d\d/);
    expect(rows[1]).toHaveTextContent(/Made 1 December 2099 · works until Tuesday 8 December at \d\d:\d\d/);
    expect(within(section).getByText(/^Every invitation to Smiths that nobody has used yet/)).toBeVisible();
    expect(
      within(rows[0] as HTMLElement).getByRole("button", { name: /^Revoke the invitation by bob, until / }),
    ).toBeVisible();
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: /^Revoke the invitation by you, until / }),
    ).toBeVisible();
    expect(get).toHaveBeenCalledWith("/api/v1/households/{household_id}/invitations", {
      params: { path: { household_id: 3 } },
      signal: expect.any(AbortSignal),
    });
  });

  it("a member reads about their own invitations, and when there are none", async () => {
    signInAs(2);
    vi.spyOn(api, "GET").mockResolvedValue(answer([]));
    renderInApp(<OpenInvitations household={smiths("member")} all={false} me={2} />);
    expect(await screen.findByText("You have no open invitations.")).toBeVisible();
    expect(screen.getByText(/^Your invitations to Smiths that nobody has used yet/)).toBeVisible();
    expect(screen.queryByRole("button", { name: /Revoke/ })).toBeNull();
  });

  it("revokes an invitation after asking: DELETE, the list read again, said, the heading focused", async () => {
    signInAs(1);
    vi.spyOn(api, "GET")
      .mockResolvedValueOnce(answer([byBob, byAnna]))
      .mockResolvedValue(answer([byAnna]));
    const remove = vi
      .spyOn(api, "DELETE")
      .mockResolvedValue({ data: undefined, response: new Response(null, { status: 204 }) } as never);
    renderInApp(<OpenInvitations household={smiths("owner")} all me={1} />);

    fireEvent.click(await screen.findByRole("button", { name: /^Revoke the invitation by bob/ }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke this invitation?" });
    expect(dialog).toHaveTextContent(/The invitation to Smiths by bob, until .* stops working at once/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));

    await waitFor(() => expect(screen.getByRole("heading", { name: "Open invitations" })).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent(
      "Revoked the invitation by bob: its link and code no longer work.",
    );
    expect(remove).toHaveBeenCalledWith("/api/v1/households/{household_id}/invitations/{invitation_id}", {
      params: { path: { household_id: 3, invitation_id: 8 } },
    });
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(screen.queryByText("bob")).toBeNull();
  });

  it("one used or expired meanwhile (404) is said as such, and the list is read again", async () => {
    signInAs(1);
    const get = vi
      .spyOn(api, "GET")
      .mockResolvedValueOnce(answer([byAnna]))
      .mockResolvedValue(answer([]));
    vi.spyOn(api, "DELETE").mockResolvedValue(problem(404, "Invitation ID 7 was not found."));
    renderInApp(<OpenInvitations household={smiths("owner")} all me={1} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Revoke the invitation by you/ }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke this invitation?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(
      await screen.findByText("That invitation was used or had expired meanwhile: it no longer works."),
    ).toBeVisible();
    expect(await screen.findByText("No invitation is open.")).toBeVisible();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("any other refusal stays in the dialog as the API's sentence", async () => {
    signInAs(2);
    vi.spyOn(api, "GET").mockResolvedValue(answer([byBob]));
    vi.spyOn(api, "DELETE").mockResolvedValue(problem(403, "Invitation ID 8 belongs to another user."));
    renderInApp(<OpenInvitations household={smiths("member")} all={false} me={2} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Revoke the invitation by you/ }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke this invitation?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Invitation ID 8 belongs to another user.",
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("a list that cannot be read says why, with a way to try again", async () => {
    signInAs(1);
    vi.spyOn(api, "GET").mockResolvedValue(problem(403, "Household ID 3 belongs to other users."));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderInApp(<OpenInvitations household={smiths("owner")} all me={1} />, { queryClient });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The invitations could not be loaded");
    expect(alert).toHaveTextContent("Household ID 3 belongs to other users.");
  });
});
