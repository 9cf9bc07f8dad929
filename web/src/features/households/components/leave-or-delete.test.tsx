import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { makeHousehold, renderInApp, signInAs } from "../../../lib/testing.tsx";
import { LeaveOrDelete } from "./leave-or-delete.tsx";

beforeAll(() => {
  // jsdom has no modal dialogs.
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

describe("LeaveOrDelete", () => {
  it("the only owner is told before leaving, and the API's 409 says why it did not work", async () => {
    signInAs(1);
    const remove = vi.spyOn(api, "DELETE").mockResolvedValue({
      error: { status: 409, title: "Conflict", detail: "Household ID 3 needs an owner." },
      response: new Response(null, { status: 409 }),
    } as never);
    const household = makeHousehold({ role: "owner", members: [{ id: 1 }, { id: 2 }] });
    renderInApp(<LeaveOrDelete household={household} manage me={1} />);

    expect(await screen.findByText(/You are the only owner of Smiths/)).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Leave Smiths" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Household ID 3 needs an owner.");
    expect(alert).toHaveTextContent("Make one of them an owner first, then leave.");
    expect(remove).toHaveBeenCalledWith("/api/v1/households/{household_id}/members/{user_id}", {
      params: { path: { household_id: 3, user_id: 1 } },
    });
  });

  it("a member leaves and is taken back to their households; everything read is read again", async () => {
    signInAs(2);
    vi.spyOn(api, "DELETE").mockResolvedValue({
      data: undefined,
      response: new Response(null, { status: 204 }),
    } as never);
    const household = makeHousehold({ role: "member" });
    const { router, queryClient } = renderInApp(
      <LeaveOrDelete household={household} manage={false} me={2} />,
    );
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");

    expect(
      await screen.findByText(/You will no longer see the lists and meals the others shared/),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: "Delete the household" })).toBeNull(); // owners only
    fireEvent.click(screen.getByRole("button", { name: "Leave Smiths" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/households"));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith());
  });

  it("the only member is told that leaving deletes the household", async () => {
    signInAs(1);
    const household = makeHousehold({ role: "owner", members: [{ id: 1 }] });
    renderInApp(<LeaveOrDelete household={household} manage me={1} />);
    expect(await screen.findByText("You are the only one in Smiths: leaving deletes it.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete the household" })).toBeVisible();
  });
});
